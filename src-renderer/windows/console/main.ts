document.getElementById('app')!.textContent = 'console'
