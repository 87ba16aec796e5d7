/**
 * Issue 27 (the screen sweep): the Polish status and health words on the player display and the console's cards
 * were masculine adjectives ("nieprzytomny", "cały", "posiniaczony") shown for every character, a woman or a droid
 * alike. Each label a card or a player row shows for a character's state is a noun or a neutral phrase
 * ("bez przytomności", "nie żyje", "siniaki"), one form that fits every character.
 */
import { describe, expect, it } from 'vitest'
import { uiPl } from '../../../../src-shared/i18n/ui-pl'
import * as saga from '../../../../src-main/rules/systems/saga/i18n/pl'
import * as starchasers from '../../../../src-main/rules/systems/starchasers/i18n/pl'
import * as storyteller from '../../../../src-main/rules/systems/storyteller/i18n/pl'
import * as twoD20 from '../../../../src-main/rules/systems/2d20/i18n/pl'
import core from '../../../../src-shared/i18n/log-core'
import session from '../../../../src-shared/i18n/log-session'

/** Polish words for a state that agree with a man only */
const MASCULINE = /(?<!\p{L})(nieprzytomny|umierający|martwy|wyłączony|zniszczony|obezwładniony|pokonany|wyeliminowany|powalony|leżący|cały|ranny|bezradny|posiniaczony|poturbowany|okaleczony|niezdolny|wstrząśnięty|nadwyrężony|dotknięty|nieznany)(?!\p{L})/iu

/** the labels of a character's state: player rows, cards' badges, health descriptors, condition names of a state */
const STATE_KEY = /^(player\.(status|health)\.|health\.|saga\.status\.|saga\.track\.s5$|(cond|conditions)\.starchasers\.(unconscious|prone|dying|dead)$|starchasers\.(dying|unconscious)$|storyteller\.track\.dead$|2d20\.(stress|status)\.|odds\.takenOut$)/

function flat(o: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof o === 'string') out[prefix] = o
  else if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) flat(v, prefix ? `${prefix}.${k}` : k, out)
  return out
}

describe('Polish state words fit every character (issue 27, the screen sweep)', () => {
  const catalogs: Record<string, Record<string, string>> = {
    ui: flat(uiPl),
    saga: { ...saga.log, ...saga.ui },
    starchasers: { ...starchasers.log, ...starchasers.ui },
    storyteller: { ...storyteller.log, ...storyteller.ui },
    '2d20': { ...twoD20.log, ...twoD20.ui },
  }
  for (const [name, cat] of Object.entries(catalogs)) {
    it(`${name}: no state label is a masculine adjective`, () => {
      const labels = Object.entries(cat).filter(([k]) => STATE_KEY.test(k))
      expect(labels.length).toBeGreaterThan(0)
      expect(labels.filter(([, v]) => MASCULINE.test(v)).map(([k, v]) => `${k}: ${v}`)).toEqual([])
    })
  }
})

/**
 * The same for the log's sentences about a combatant (issue 27): "Nira pada nieprzytomny", "Nira nie zdołał pochwycić",
 * "Nira zostaje uleczony" agreed with a man only. A sentence about a combatant uses a neutral form: the present tense
 * ("traci przytomność", "nie daje rady"), a noun ("zniszczenie") or an impersonal form ("Ujawniono: {name}").
 */
describe('Polish log sentences about a combatant fit every character (issue 27)', () => {
  /** masculine participles and adjectives a sentence could say of its subject, the masculine past tense, "który", "jego" */
  const GENDERED = /(?<!\p{L})(nieprzytomny|zniszczony|wyłączony|obezwładniony|pokonany|wyeliminowany|trafiony|otruty|uleczony|ukryty|ujawniony|świadomy|nieświadomy|niezdolny|pochwycony|rozbrojony|ogłuszony|powalony|gotowy|ranny|martwy|zdołał|wydobrzał|został|był|który|jego)(?!\p{L})/iu
  const SUBJECT = /\{(name|target|attacker|who|targetName|medic|patient|defender|actor)\}/
  const tables: Record<string, Record<string, string>> = {
    core: core.pl,
    session: session.pl,
    saga: saga.log,
    starchasers: starchasers.log,
    storyteller: storyteller.log,
    '2d20': twoD20.log,
  }
  for (const [name, table] of Object.entries(tables)) {
    it(`${name}: no log sentence about a combatant agrees with a man only`, () => {
      const about = Object.entries(table).filter(([, v]) => SUBJECT.test(v))
      expect(about.length).toBeGreaterThan(0)
      // "Cel {name} jest już zniszczony": the word agrees with "cel" (the target), a noun that fits every character
      const gendered = about.filter(([, v]) => GENDERED.test(v) && !/(?<!\p{L})[Cc]el \{\w+\}/u.test(v))
      expect(gendered.map(([k, v]) => `${k}: ${v}`)).toEqual([])
    })
  }
})
