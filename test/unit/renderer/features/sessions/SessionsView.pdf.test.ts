/**
 * PDF export in browser mode (issue 27, defect 13): the console says the PDF is printed by the Chromium installed
 * on this computer; when main finds none (`details.reason: 'no-chromium'`), a plain sentence in the GM's language
 * and the HTML export offered in one click, not main's English message in an error banner.
 */
import { describe, expect, it } from 'vitest'
import SessionsView from '@renderer/features/sessions/SessionsView.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'

const s1 = { id: 's1', title: 'Ambush', date: '2026-11-28', notes: '', startedAt: '2026-11-28T18:00:00.000Z', endedAt: null }
const noChromium = { ok: false as const, error: { code: 'not-found' as const, message: 'No Chromium or Chrome was found on this computer (looked at /usr/bin/chromium)…', field: 'format', details: { reason: 'no-chromium', looked: ['/usr/bin/chromium'] } } }
const bridge = () =>
  fakeBridge()
    .handle('session:list', okR([s1]))
    .handle('session:log', okR([]))
    .handle('export:session', (r: any) => (r.format === 'pdf' ? noChromium : okR({ format: r.format, mime: 'text/html', fileName: 'ambush.html', encoding: 'utf8', data: '<p>x</p>', damagedLines: [] })))

describe('PDF export in browser mode', () => {
  for (const locale of ['en', 'pl'] as const) {
    it(`says it prints with the installed Chromium, and without one offers the HTML export (${locale})`, async () => {
      URL.createObjectURL = (() => 'blob:x') as typeof URL.createObjectURL
      const { wrapper, bridge: b } = await mountWith(SessionsView, { props: { campaignId: 'c1' }, bridge: bridge(), locale })
      await flushPromises()
      expect(wrapper.find('[data-testid="sessions-pdf-hint"]').exists()).toBe(false)
      await wrapper.find('[data-testid="sessions-format"]').setValue('pdf')
      const hint = wrapper.find('[data-testid="sessions-pdf-hint"]').text()
      expect(hint).toMatch(locale === 'en' ? /Chromium installed on this computer/ : /Chromium zainstalowany na tym komputerze/)
      await wrapper.find('[data-testid="sessions-export"]').trigger('click')
      await flushPromises()
      const note = wrapper.find('[data-testid="sessions-no-chromium"]')
      expect(note.text()).toContain(locale === 'en' ? 'No Chromium or Chrome was found on this computer' : 'Nie znaleziono na tym komputerze Chromium ani Chrome')
      expect(note.text()).not.toContain('looked at')
      expect(wrapper.find('[data-testid="error-banner"]').exists()).toBe(false)
      await wrapper.find('[data-testid="sessions-export-html"]').trigger('click')
      await flushPromises()
      expect(b.callsTo('export:session').map((r) => r.format)).toEqual(['pdf', 'html'])
      expect(wrapper.find('[data-testid="sessions-no-chromium"]').exists()).toBe(false)
      expect((wrapper.find('[data-testid="sessions-format"]').element as HTMLSelectElement).value).toBe('html')
    })
  }
})
