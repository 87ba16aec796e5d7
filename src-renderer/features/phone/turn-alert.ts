/**
 * "Your turn" and "You're next" felt as well as seen (issue 29): when the player's turn comes, or they become next,
 * the phone vibrates (where the browser allows it) and plays a short tone made with Web Audio (no sound file), only
 * after the player has touched the page once, as browsers require. The player may mute both; remembered per phone.
 * The first view a page loads never alerts (the player is looking at it): only a change does.
 */
import { onBeforeUnmount, onMounted, ref, watch } from 'vue'
import type { CharacterTurn } from '@shared/views/character-views'

const MUTE_KEY = 'gmc.phoneMuted'

/** ms on, off, on: two pulses for "your turn", one for "you're next" */
export const VIBRATION: Record<'now' | 'next', number[]> = { now: [250, 120, 250], next: [180] }
/** the tones (Hz) played one after the other */
const TONES: Record<'now' | 'next', number[]> = { now: [660, 880], next: [660] }

type AudioCtor = new () => AudioContext

export function useTurnAlert(turn: () => CharacterTurn | null) {
  const muted = ref(readMuted())
  let touched = false
  let audio: AudioContext | null = null

  /** the first touch unlocks sound: the audio context is made (or resumed) inside the gesture */
  const onTouch = () => {
    touched = true
    try {
      const g = globalThis as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor }
      const Ctor = g.AudioContext ?? g.webkitAudioContext
      if (!audio && Ctor) audio = new Ctor()
      if (audio?.state === 'suspended') void audio.resume()
    } catch {
      audio = null
    }
  }
  onMounted(() => {
    globalThis.addEventListener?.('pointerdown', onTouch, { passive: true })
    globalThis.addEventListener?.('keydown', onTouch)
  })
  onBeforeUnmount(() => {
    globalThis.removeEventListener?.('pointerdown', onTouch)
    globalThis.removeEventListener?.('keydown', onTouch)
    void audio?.close?.().catch(() => undefined)
    audio = null
  })

  function vibrate(kind: 'now' | 'next') {
    try {
      const nav = globalThis.navigator as Navigator | undefined
      if (typeof nav?.vibrate === 'function') nav.vibrate(VIBRATION[kind])
    } catch {
      /* not allowed here */
    }
  }
  function tone(kind: 'now' | 'next') {
    if (!touched || !audio) return
    try {
      let at = audio.currentTime
      for (const hz of TONES[kind]) {
        const osc = audio.createOscillator()
        const gain = audio.createGain()
        osc.frequency.value = hz
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.22)
        osc.connect(gain)
        gain.connect(audio.destination)
        osc.start(at)
        osc.stop(at + 0.24)
        at += 0.28
      }
    } catch {
      /* no sound on this device */
    }
  }
  function alert(kind: 'now' | 'next') {
    if (muted.value) return
    vibrate(kind)
    tone(kind)
  }

  watch(turn, (now, before) => {
    if (before == null || now === before) return
    if (now === 'now' || now === 'next') alert(now)
  })

  function setMuted(on: boolean) {
    muted.value = on
    try {
      if (on) globalThis.localStorage?.setItem(MUTE_KEY, '1')
      else globalThis.localStorage?.removeItem(MUTE_KEY)
    } catch {
      /* ignore */
    }
  }
  return { muted, setMuted }
}

function readMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(MUTE_KEY) === '1'
  } catch {
    return false
  }
}
