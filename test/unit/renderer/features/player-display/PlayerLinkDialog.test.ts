/**
 * The player link dialog (issue 27, defect 11): a QR code is only offered when a phone on the network can open
 * it. A server that listens on this computer only (127.0.0.1, localhost, [::1]) gets no QR code but a plain note
 * of how to offer the LAN address; a `--host` server's link (its LAN address) is what the QR code encodes. The
 * addresses here are only shown, never connected to.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const encoded: string[] = []
vi.mock('qrcode', () => ({
  default: {
    toDataURL: async (text: string) => {
      encoded.push(text)
      return 'data:image/png;base64,iVBORw0KGgo='
    },
  },
}))

const { mountWith } = await import('../../support/mount')
const PlayerLinkDialog = (await import('@renderer/features/player-display/PlayerLinkDialog.vue')).default

const lan = 'http://192.168.1.20:5178/player?token=abc'
beforeEach(() => void (encoded.length = 0))

describe('player link dialog', () => {
  for (const url of ['http://127.0.0.1:5178/player?token=abc', 'http://localhost:5178/player?token=abc', 'http://[::1]:5178/player?token=abc']) {
    it(`a link on this computer only (${new URL(url).hostname}) has no QR code to scan, and says how to offer the LAN address`, async () => {
      for (const locale of ['en', 'pl'] as const) {
        const { wrapper } = await mountWith(PlayerLinkDialog, { props: { url }, locale })
        expect(wrapper.find('[data-testid="player-link-qr"]').exists()).toBe(false)
        const note = wrapper.find('[data-testid="player-link-local"]')
        expect(note.exists()).toBe(true)
        expect(note.text()).toContain('npm run serve -- --host')
        expect(note.text()).toContain('npm start -- --host')
        // nothing presents it as scannable
        expect(wrapper.text().toLowerCase()).not.toMatch(/scan|zeskanuj/)
        expect((wrapper.find('[data-testid="player-link-url"]').element as HTMLInputElement).value).toBe(url)
        wrapper.unmount()
      }
      expect(encoded).toEqual([])
    })
  }

  it('a LAN link (npm run serve -- --host) is what the QR code encodes, and the dialog says to scan it', async () => {
    const { wrapper } = await mountWith(PlayerLinkDialog, { props: { url: lan } })
    expect(wrapper.find('[data-testid="player-link-qr"]').exists()).toBe(true)
    expect(encoded).toEqual([lan])
    expect(wrapper.find('[data-testid="player-link-local"]').exists()).toBe(false)
    expect(wrapper.text()).toMatch(/scan/i)
  })

  it('a new player link on a local server stays without a QR code', async () => {
    const { wrapper, bridge } = await mountWith(PlayerLinkDialog, { props: { url: lan } })
    bridge.handle('window:newPlayerLink', { ok: true, value: { url: 'http://127.0.0.1:5178/player?token=new' } })
    vi.stubGlobal('confirm', () => true)
    await wrapper.find('[data-testid="player-link-new"]').trigger('click')
    await new Promise((r) => setTimeout(r, 0))
    await wrapper.vm.$nextTick()
    expect(wrapper.find('[data-testid="player-link-qr"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="player-link-local"]').exists()).toBe(true)
    vi.unstubAllGlobals()
  })
})
