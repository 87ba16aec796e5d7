import { describe, expect, it } from 'vitest'
import { uiEn } from '@shared/i18n/ui-en'
import { uiPl } from '@shared/i18n/ui-pl'
import { makeI18n } from '@renderer/i18n'

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('i18n', () => {
  it('English and Polish UI strings have the same keys', () => {
    expect(keys(uiPl).sort()).toEqual(keys(uiEn).sort())
  })
  it('no Polish string is left equal to English where a translation is expected', () => {
    const en = keys(uiEn)
    const get = (o: any, k: string) => k.split('.').reduce((a, p) => a?.[p], o)
    // brand names and symbols may stay the same; real words must differ
    const same = en.filter((k) => get(uiEn, k) === get(uiPl, k) && /[a-z]{4,}/.test(String(get(uiEn, k))) && !k.startsWith('system.') && !k.startsWith('lang.') && !['app.title', 'app.fieldError', 'home.system'].includes(k))
    expect(same).toEqual([])
  })
  it('Polish Saga terms follow the Polish seed (003), as the system’s catalog gives them to the renderer', async () => {
    const { describeForTest } = await import('../support/system-descriptions')
    const pl = describeForTest('saga').catalogs.pl
    // 003: "Refleks", "Wytrwałość", "Wola", "próg obrażeń", "ścieżka stanu", "drugi oddech"
    expect([pl['saga.reflex'], pl['saga.fortitude'], pl['saga.will'], pl['saga.threshold'], pl['saga.conditionTrack'], pl['saga.secondWind']]).toEqual(['Refleks', 'Wytrwałość', 'Wola', 'Próg obrażeń', 'Ścieżka stanu', 'Drugi oddech'])
  })
  it('the generic UI strings name no rule system (their words come from the systems’ catalogs)', () => {
    expect(keys(uiEn).filter((k) => /saga|starchasers/i.test(k) || /saga|starchasers/i.test(String(k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], uiEn))))).toEqual([])
  })
  it('switches locale at run time and interpolates', () => {
    const i18n = makeI18n('en')
    const g = i18n.global as any
    expect(g.t('board.round', { n: 3 })).toBe('Round 3')
    g.locale.value = 'pl'
    expect(g.t('board.round', { n: 3 })).toBe('Runda 3')
  })
})

describe('remembered lookups (issue 13: a board render makes hundreds of t() calls)', () => {
  it('a rendered text follows a language switch and a merged catalog, though t() remembers its answers', async () => {
    const { defineComponent, h, nextTick } = await import('vue')
    const { useI18n } = await import('vue-i18n')
    const { mergeCatalogs } = await import('@renderer/i18n')
    const { mount } = await import('@vue/test-utils')
    const i18n = makeI18n('en')
    let renders = 0
    // two probes in one test: a rendered text with and without a lookup vue-i18n does itself
    // eslint-disable-next-line vue/one-component-per-file
    const Probe = defineComponent({
      setup() {
        const { t, te } = useI18n()
        return () => {
          renders++
          return h('p', `${t('board.next')}|${te('test.late') ? t('test.late') : 'none'}|${t('board.round', { n: 2 })}`)
        }
      },
    })
    // only remembered lookups: nothing else makes it follow the locale
    // eslint-disable-next-line vue/one-component-per-file
    const Bare = defineComponent({
      setup() {
        const { t, te } = useI18n()
        return () => h('p', `${t('board.next')}|${te('test.late') ? t('test.late') : 'none'}`)
      },
    })
    const w = mount(Probe, { global: { plugins: [i18n] } })
    const bare = mount(Bare, { global: { plugins: [i18n] } })
    expect(w.text()).toBe('Next turn|none|Round 2')
    const g = i18n.global as any
    g.locale.value = 'pl'
    await nextTick()
    expect(w.text()).toBe(`${uiPl.board.next}|none|Runda 2`)
    expect(bare.text()).toBe(`${uiPl.board.next}|none`)
    // a system's catalog arriving after the first render (system:describe)
    mergeCatalogs({ en: { 'test.late': 'Late EN' }, pl: { 'test.late': 'Późno' } }, i18n)
    await nextTick()
    expect(w.text()).toBe(`${uiPl.board.next}|Późno|Runda 2`)
    expect(bare.text()).toBe(`${uiPl.board.next}|Późno`)
    g.locale.value = 'en'
    await nextTick()
    expect(w.text()).toBe('Next turn|Late EN|Round 2')
    expect(renders).toBe(4)
    // the same answers as vue-i18n gives without remembering
    expect(g.t('board.next')).toBe(uiEn.board.next)
    expect(g.te('board.next', 'pl')).toBe(true)
    expect(g.te('nope.nothing')).toBe(false)
  })

  it('texts with params are remembered per params, and follow a catalog that changes them', async () => {
    const { defineComponent, h, nextTick, ref } = await import('vue')
    const { useI18n } = await import('vue-i18n')
    const { mergeCatalogs } = await import('@renderer/i18n')
    const { mount } = await import('@vue/test-utils')
    const i18n = makeI18n('en')
    const n = ref(3)
    // eslint-disable-next-line vue/one-component-per-file
    const Probe = defineComponent({
      setup() {
        const { t } = useI18n()
        return () => h('p', `${t('board.round', { n: n.value })}|${t('test.count', { n: n.value, who: 'Vela' })}`)
      },
    })
    mergeCatalogs({ en: { 'test.count': '{who}: {n}' }, pl: { 'test.count': '{who} — {n}' } }, i18n)
    const w = mount(Probe, { global: { plugins: [i18n] } })
    expect(w.text()).toBe('Round 3|Vela: 3')
    n.value = 4
    await nextTick()
    expect(w.text()).toBe('Round 4|Vela: 4')
    mergeCatalogs({ en: { 'test.count': '{who} has {n}' } }, i18n)
    await nextTick()
    expect(w.text()).toBe('Round 4|Vela has 4')
    const g = i18n.global as any
    g.locale.value = 'pl'
    await nextTick()
    expect(w.text()).toBe('Runda 4|Vela — 4')
    // params that are not plain values are not remembered: the answer is vue-i18n's own
    expect(g.t('test.count', { n: 1, who: 'A' })).toBe('A — 1')
    expect(g.t('test.count', { n: [1], who: 'A' })).toBe(g.t('test.count', { n: [1], who: 'A' }))
  })
})

describe('log lines follow the UI language (shared formatLog tables)', () => {
  it('renders the same entry in English and Polish, with a readable fallback for unknown keys', async () => {
    const { mountWith } = await import('../support/mount')
    const LogPane = (await import('@renderer/features/session-log/LogPane.vue')).default
    const log: Array<{ seq: number; key: string; params: Record<string, string | number | boolean> }> = [
      { seq: 1, key: 'log.core.roundStarted', params: { round: 2 } },
      { seq: 2, key: 'log.some.unknownThing', params: { n: 1 } },
    ]
    const en = (await mountWith(LogPane, { props: { log }, locale: 'en' })).wrapper
    expect(en.find('[data-testid="log-entry-1"]').text()).toContain('Round 2')
    expect(en.find('[data-testid="log-entry-2"]').text()).toContain('Unknown Thing (n: 1)')
    const pl = (await mountWith(LogPane, { props: { log }, locale: 'pl' })).wrapper
    expect(pl.find('[data-testid="log-entry-1"]').text()).toContain('Runda 2')
  })
})

describe('texts with params filled without vue-i18n (issue 13: a count or a step name that changes every turn)', () => {
  it('gives vue-i18n’s own answer for every simple message of the UI and the systems’ catalogs, both languages', async () => {
    const { createI18n } = await import('vue-i18n')
    const { isSimpleMessage, messagesFor, mergeCatalogs } = await import('@renderer/i18n')
    const { describeForTest } = await import('../support/system-descriptions')
    const i18n = makeI18n('en')
    const g = i18n.global as any
    const raw = createI18n({ legacy: false, locale: 'en', fallbackLocale: 'en', missingWarn: false, fallbackWarn: false, messages: { en: messagesFor('en'), pl: messagesFor('pl') } })
    const r = raw.global as any
    for (const id of ['saga', 'starchasers', '2d20', 'storyteller']) {
      const { catalogs } = describeForTest(id)
      mergeCatalogs(catalogs, i18n)
      for (const l of ['en', 'pl'] as const) {
        const { unflatten } = await import('@renderer/i18n')
        r.mergeLocaleMessage(l, unflatten(catalogs[l] ?? {}))
      }
    }
    let checked = 0
    for (const l of ['en', 'pl'] as const) {
      g.locale.value = l
      r.locale.value = l
      const all = keys(g.getLocaleMessage(l) as Record<string, unknown>)
      for (const key of all) {
        const text = key.split('.').reduce<any>((a, p) => a?.[p], g.getLocaleMessage(l))
        if (typeof text !== 'string' || !text.includes('{') || !isSimpleMessage(text)) continue
        const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        // every param given, then one left out, one null, and a number and a boolean
        const full = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `V${i}`]))
        const cases = [full, { ...full, [names[0]]: undefined }, { ...full, [names[0]]: null }, { ...full, [names[0]]: true }]
        for (const params of cases) expect(g.t(key, params), `${l} ${key} ${JSON.stringify(params)}`).toBe(r.t(key, params))
        checked++
      }
    }
    // the check covered the catalogs (a regression that made every message "not simple" would check nothing)
    expect(checked).toBeGreaterThan(100)
  })

  it('leaves plural, linked and literal messages to vue-i18n', async () => {
    const { isSimpleMessage, mergeCatalogs } = await import('@renderer/i18n')
    expect(['a | b', 'see @:board.next', "{'{'}x", 'x {0}', '50%', '{a.b}'].map(isSimpleMessage)).toEqual([false, false, false, false, false, false])
    expect(isSimpleMessage('Round {n} of {total}')).toBe(true)
    const i18n = makeI18n('en')
    mergeCatalogs({ en: { 'test.plural': 'one {n} | many {n}', 'test.linked': '@:board.next {n}' } }, i18n)
    const g = i18n.global as any
    // vue-i18n's own plural choice (it reads a named `n` as the count)
    expect(g.t('test.plural', { n: 2 })).toBe('many 2')
    expect(g.t('test.linked', { n: 2 })).toBe(`${uiEn.board.next} 2`)
  })
})
