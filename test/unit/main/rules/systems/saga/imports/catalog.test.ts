/**
 * Issue 30: every note, refusal, label and term key the Saga readers give is in both of the system's catalogs
 * (i18n/en.ts, pl.ts), with the same parameters, so a preview never shows a bare key. Failed before: no keys.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as en from '../../../../../../../src-main/rules/systems/saga/i18n/en'
import * as pl from '../../../../../../../src-main/rules/systems/saga/i18n/pl'
import { sagaFoundryReader } from '../../../../../../../src-main/rules/systems/saga/imports/foundry-swse'
import { sagaTextReader } from '../../../../../../../src-main/rules/systems/saga/imports/book-text'
import { isRefusal, type ReadOutcome } from '../../../../../../../src-main/rules/kit/imports'

const SRC = 'src-main/rules/systems/saga/imports/'
const FIX = 'test/fixtures/imports/'
const params = (s: string) => [...s.matchAll(/\{(\w+)[}:]/g)].map((m) => m[1]).sort()

/** the keys the sources name: `r.note(field, 'key'`, literal `saga.import.*` keys, the per-defense ones */
function sourceKeys(): Set<string> {
  const keys = new Set<string>()
  for (const f of ['common.ts', 'foundry-swse.ts', 'book-text.ts']) {
    const s = readFileSync(`${SRC}${f}`, 'utf8')
    for (const m of s.matchAll(/\.note\([^,]+,\s*'(\w+)'/g)) keys.add(`saga.import.${m[1]}`)
    for (const m of s.matchAll(/'(saga\.import\.[\w.]+)'/g)) keys.add(m[1])
  }
  for (const k of ['reflex', 'fortitude', 'will']) keys.add(`saga.import.missingDefense.${k}`)
  return keys
}

/** the keys the readers give on the fixtures, and the terms of their disagreements */
function readKeys(): Set<string> {
  const keys = new Set<string>()
  const add = (outs: ReadOutcome[]) => {
    for (const o of outs) {
      if (isRefusal(o)) keys.add(o.refused.key)
      else {
        o.notes.forEach((n) => keys.add(n.key))
        o.disagreements.forEach((d) => {
          keys.add(d.label)
          d.terms.forEach((t) => keys.add(`saga.term.${t.term}`))
        })
      }
    }
  }
  for (const f of readdirSync(`${FIX}foundry-swse`)) {
    const t = readFileSync(`${FIX}foundry-swse/${f}`, 'utf8')
    const items: unknown[] = f.endsWith('.ndjson') ? t.split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [JSON.parse(t)].flat()
    items.forEach((a) => add(sagaFoundryReader.read(a, { answers: {}, file: f })))
  }
  for (const f of readdirSync(`${FIX}saga-text`)) add(sagaTextReader.read(readFileSync(`${FIX}saga-text/${f}`, 'utf8'), { answers: {}, file: f }))
  return keys
}

describe('Saga import keys in both catalogs (issue 30)', () => {
  it('every key, in English and Polish, with the same parameters', () => {
    const keys = new Set([...sourceKeys(), ...readKeys(), sagaFoundryReader.label, sagaTextReader.label])
    expect(keys.size).toBeGreaterThan(30)
    for (const k of keys) {
      expect(en.ui[k], `en ${k}`).toBeTypeOf('string')
      expect(pl.ui[k], `pl ${k}`).toBeTypeOf('string')
      expect(params(pl.ui[k]), k).toEqual(params(en.ui[k]))
    }
  })

  it('every term a defense or the threshold can have (001) has a label', () => {
    for (const t of ['base', 'heroicLevel', 'armor', 'dex', 'str', 'con', 'wis', 'class', 'natural', 'size', 'species', 'equipment', 'misc', 'fortitude']) {
      expect(en.ui[`saga.term.${t}`], t).toBeTypeOf('string')
      expect(pl.ui[`saga.term.${t}`], t).toBeTypeOf('string')
    }
  })
})
