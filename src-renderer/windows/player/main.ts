document.getElementById('app')!.textContent = 'player'
