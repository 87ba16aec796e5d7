/**
 * Issue 27, defect 2: F5 on the pop-out board drew its log as raw text (`Hit (attacker: Sergeant Hale, …)`) until
 * the campaign was opened again: a window that booted straight into a log drew its lines before its system's
 * templates arrived, and the log pane keeps a drawn row. Every window now registers every system's messages
 * before its first render, whatever it shows.
 */
import { defineComponent, h } from 'vue'
import { describe, expect, it } from 'vitest'
import { formatLog } from '@shared/i18n/format-log'
import { mountWindow } from '@renderer/core/boot'
import { fakeBridge, okR } from '../support/fake-bridge'

/** two systems as main describes them, each with a log template of its own (no main module is loaded here: main's
 *  registry would register the real systems' templates in this process) */
const systems = ['alpha', 'beta'].map((id) => ({
  id,
  name: id,
  initiative: 'ordered',
  commands: [],
  labels: {},
  statBlock: { schema: {}, kinds: [], templates: {} },
  catalogs: { en: {}, pl: {} },
  logCatalogs: { en: { [`log.${id}.hit`]: `{attacker} hits ({id})` }, pl: { [`log.${id}.hit`]: `{attacker} trafia ({id})` } },
}))

/** a window whose first render draws log lines (kept in `drawn`) */
function drawing(lines: () => string[]) {
  const drawn: string[] = []
  const Root = defineComponent({
    setup: () => () => {
      drawn.push(...lines())
      return h('p', 'window')
    },
  })
  return { Root, drawn }
}

describe('a window boots with every system’s log messages registered', () => {
  it('a log line drawn in the first render reads as words, for every system (no raw key, no fallback)', async () => {
    const bridge = fakeBridge()
      .handle('system:list', () => okR(systems.map((s) => ({ id: s.id, names: { en: s.name, pl: s.name } }))))
      .handle('system:describe', (r: { systemId: string }) => okR(systems.find((s) => s.id === r.systemId)))
    const { Root, drawn } = drawing(() => systems.map((s) => formatLog({ key: `log.${s.id}.hit`, params: { attacker: 'Sergeant Hale', id: s.id } })))
    document.body.innerHTML = '<div id="app"></div>'
    const app = await mountWindow(Root, bridge)
    expect(drawn.slice(0, 2)).toEqual(['Sergeant Hale hits (alpha)', 'Sergeant Hale hits (beta)'])
    app?.unmount()
  })

  it('issue 27: the player page lists the systems through the contract (system:list, open to players) and loads each one main lists: no hard-coded list', async () => {
    const bridge = fakeBridge('player')
      .handle('system:list', () => okR([{ id: 'gamma', name: 'system.gamma', names: { en: 'Gamma', pl: 'Gamma' } }]))
      .handle('system:describe', (r: { systemId: string }) =>
        okR({ ...systems[0], id: r.systemId, logCatalogs: { en: { [`log.${r.systemId}.shown`]: `{name} is down` }, pl: { [`log.${r.systemId}.shown`]: `{name} pada` } } }),
      )
    const { Root, drawn } = drawing(() => [formatLog({ key: 'log.gamma.shown', params: { name: 'Kael' } })])
    document.body.innerHTML = '<div id="app"></div>'
    const app = await mountWindow(Root, bridge)
    expect(drawn[0]).toBe('Kael is down')
    expect(bridge.callsTo('system:list')).toHaveLength(1)
    // only what main listed, none of the app's own ids
    expect(bridge.callsTo('system:describe')).toEqual([{ systemId: 'gamma' }])
    app?.unmount()
  })
})
