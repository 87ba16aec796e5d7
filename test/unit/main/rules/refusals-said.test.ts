/**
 * Issue 27, defect 9: "Every refusal a GM can meet is one plain sentence in en and pl." Main's refusals go through
 * `refuse()` (src-main/rules/kit/refuse.ts) with a catalog key, so a Polish screen says them in Polish; this test
 * holds the sources and the catalogs to that. (The renderer side, what a refusal reads like on screen in both
 * languages, is test/unit/renderer/components/refusal.test.ts.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import core from '@shared/i18n/log-core'
import { getSystem, listSystems } from '../../../../src-main/rules/index'

const ROOT = join(__dirname, '..', '..', '..', '..')
const DIRS = ['src-main/rules', 'src-main/services'].map((d) => join(ROOT, d))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []
  })
}

/** the text of a call from its opening parenthesis to the matching one */
function callAt(src: string, open: number): string {
  let depth = 0
  for (let i = open; i < src.length; i++) {
    if (src[i] === '(') depth++
    else if (src[i] === ')' && --depth === 0) return src.slice(open, i + 1)
  }
  return src.slice(open)
}

const REFUSAL_CODES = /\berr\(\s*'(rule|invalid|not-found|conflict|forbidden)'/g

describe('every refusal a GM can meet has a sentence in en and pl (issue 27, defect 9)', () => {
  it('main refuses through refuse(), with a catalog key, or with the refused field\'s issue (said by the UI)', () => {
    const plainEnglish: string[] = []
    for (const dir of DIRS)
      for (const f of files(dir)) {
        const src = readFileSync(f, 'utf8')
        for (const m of src.matchAll(REFUSAL_CODES)) {
          const call = callAt(src, m.index + 3)
          // a zod issue: the UI says it from the field's label; a reason key: said from the catalogs
          if (/\b(issue|reason)\b/.test(call)) continue
          const line = src.slice(0, m.index).split('\n').length
          plainEnglish.push(`${relative(ROOT, f)}:${line} ${call.slice(0, 90).replace(/\s+/g, ' ')}`)
        }
      }
    expect(plainEnglish).toEqual([])
  })

  const catalogs: Array<{ name: string; en: Record<string, string>; pl: Record<string, string> }> = [
    { name: 'core', en: core.en, pl: core.pl },
    ...listSystems().map((id) => {
      const s = getSystem(id)
      if (!s.ok) throw new Error(s.error.message)
      return { name: id, en: s.value.catalogs.log.en, pl: s.value.catalogs.log.pl }
    }),
  ]

  it('each refusal key of a catalog has its Polish sentence, with the same params', () => {
    const problems: string[] = []
    const params = (s: string) => [...s.matchAll(/\{(\w+)(?::[^{}]*)?\}/g)].map((m) => m[1]).sort().filter((p, i, a) => a.indexOf(p) === i)
    let keys = 0
    for (const c of catalogs)
      for (const [k, en] of Object.entries(c.en)) {
        if (!k.startsWith('refusal.')) continue
        keys++
        const pl = c.pl[k]
        if (pl === undefined) problems.push(`${c.name} ${k}: no Polish sentence`)
        else if (pl === en && /[a-z]{3}/.test(en)) problems.push(`${c.name} ${k}: the Polish sentence is the English one`)
        else if (params(pl).join() !== params(en).join()) problems.push(`${c.name} ${k}: params ${params(en).join()} vs ${params(pl).join()}`)
        if (/\(\d{3}:\d+|\b[A-Z]\d{1,2}\)/.test(en)) problems.push(`${c.name} ${k}: a rule source inside the sentence (pass it as cite)`)
      }
    expect(problems).toEqual([])
    expect(keys).toBeGreaterThan(0)
  })

  it('every key a refuse() call names is in a catalog', () => {
    const known = new Set(catalogs.flatMap((c) => Object.keys(c.en)))
    const missing: string[] = []
    let calls = 0
    for (const dir of DIRS)
      for (const f of files(dir)) {
        const src = readFileSync(f, 'utf8')
        for (const m of src.matchAll(/\brefuse\(\s*'[\w-]+',\s*[\w.[\]]+,\s*(['`])([^'`]+)\1/g)) {
          calls++
          const key = m[2]
          // a key built from a template literal: its fixed part must start a known key
          const ok = m[1] === '`' ? [...known].some((k) => k.startsWith(key.split('${')[0])) : known.has(key)
          if (!ok) missing.push(`${relative(ROOT, f)}: ${key}`)
        }
      }
    expect(missing).toEqual([])
    expect(calls).toBeGreaterThan(0)
  })
})
