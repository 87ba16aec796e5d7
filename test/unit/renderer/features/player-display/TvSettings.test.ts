/**
 * Issue 29: the console's TV panel: every setting of the arrangement and the table's two switches go to main
 * (`table:set`, saved per campaign); the preview beside them is the TV's board fed by the `player:view` push.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_TABLE, tableSettings, type TableSettings } from '@shared/domain/table'
import TvSettings from '@renderer/features/player-display/TvSettings.vue'
import { fakeBridge, okR } from '../../support/fake-bridge'
import { flushPromises, mountWith } from '../../support/mount'
import { playerView } from '../../support/fixtures'

function bridgeWithTable() {
  let saved: TableSettings = DEFAULT_TABLE
  const bridge = fakeBridge()
    .handle('table:get', () => okR(saved))
    .handle('table:set', (r: any) => {
      const { campaignId: _c, ...change } = r
      saved = tableSettings({ tv: { ...saved.tv, ...change.tv, panels: { ...saved.tv.panels, ...change.tv?.panels } }, requests: change.requests ?? saved.requests, odds: change.odds ?? saved.odds })
      return okR(saved)
    })
    .handle('player:view', () => okR(playerView({ tv: saved.tv })))
  return bridge
}

describe('the TV panel (issue 29)', () => {
  it('sends each setting for the campaign, shows what main saved, and previews the pushed view at the chosen shape', async () => {
    const bridge = bridgeWithTable()
    const { wrapper } = await mountWith(TvSettings, { props: { campaignId: 'c1' }, bridge })
    expect(bridge.callsTo('table:get')).toEqual([{ campaignId: 'c1' }])
    const set = async (testid: string, how: (el: any) => Promise<void>) => {
      await how(wrapper.get(`[data-testid="${testid}"]`))
      await flushPromises()
    }
    await set('tv-zoom', async (el) => {
      ;(el.element as HTMLInputElement).value = '1.4'
      await el.trigger('change')
    })
    await set('tv-around', (el) => el.setValue('2'))
    await set('tv-margin', async (el) => {
      ;(el.element as HTMLInputElement).value = '5'
      await el.trigger('change')
    })
    await set('tv-layout-list', (el) => el.setValue(true))
    await set('tv-panel-wheel', (el) => el.setValue(false))
    await set('tv-theme-light', (el) => el.setValue(true))
    await set('tv-aspect', (el) => el.setValue('9:16'))
    await set('tv-requests', (el) => el.setValue('auto'))
    await set('tv-odds', (el) => el.setValue(true))
    expect(bridge.callsTo('table:set')).toEqual([
      { campaignId: 'c1', tv: { zoom: 1.4 } },
      { campaignId: 'c1', tv: { around: 2 } },
      { campaignId: 'c1', tv: { margin: 5 } },
      { campaignId: 'c1', tv: { layout: 'list' } },
      { campaignId: 'c1', tv: { panels: { wheel: false } } },
      { campaignId: 'c1', tv: { theme: 'light' } },
      { campaignId: 'c1', tv: { aspect: '9:16' } },
      { campaignId: 'c1', requests: 'auto' },
      { campaignId: 'c1', odds: true },
    ])
    expect(wrapper.get('[data-testid="tv-zoom-value"]').text()).toBe('140%')
    expect(wrapper.get('[data-testid="tv-margin-value"]').text()).toBe('5%')
    expect((wrapper.get('[data-testid="tv-around"]').element as HTMLSelectElement).value).toBe('2')
    // the preview: the TV's board at 1080×1920, as main pushes it (the push carries the arrangement)
    bridge.push('player:view', playerView({ tv: tableSettings({ tv: { layout: 'list', theme: 'light', aspect: '9:16' } }).tv }))
    await flushPromises()
    expect(wrapper.get('[data-testid="tv-frame"]').attributes('style')).toContain('height: 1920px')
    const board = wrapper.get('[data-testid="tv-preview"] [data-testid="player-board"]')
    expect(board.attributes('data-layout')).toBe('list')
    expect(board.attributes('data-theme')).toBe('light')
    expect(wrapper.get('[data-testid="tv-preview-hint"]').text()).toContain('1080×1920')
  })

  it('a refusal is said plainly, and the control goes back to what main kept', async () => {
    const bridge = bridgeWithTable().handle('table:set', { ok: false, error: { code: 'invalid', message: 'tv.zoom: too big', field: 'tv.zoom' } })
    const { wrapper } = await mountWith(TvSettings, { props: { campaignId: 'c1' }, bridge, locale: 'pl' })
    await wrapper.get('[data-testid="tv-layout-list"]').setValue(true)
    await flushPromises()
    expect(wrapper.text()).toContain('Too big')
    expect((wrapper.get('[data-testid="tv-layout-list"]').element as HTMLInputElement).checked).toBe(false)
    expect((wrapper.get('[data-testid="tv-layout-board"]').element as HTMLInputElement).checked).toBe(true)
    // Polish labels
    expect(wrapper.text()).toContain('Prosta lista')
  })
})
