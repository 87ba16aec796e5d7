/** Saga stat blocks and a plan for the service tests (real system schema, real engine). */
import type { LibraryService } from '../../../../src-main/services/campaigns/library-service'

export const vela = {
  name: 'Vela Ren',
  kind: 'heroic',
  role: 'pc',
  heroicLevel: 3,
  hp: 30,
  bab: 3,
  initiative: 6,
  abilities: { str: 10, dex: 14, con: 12, int: 10, wis: 12, cha: 10 },
  weapons: [{ name: 'Blaster pistol', damage: '3d6', kind: 'ranged' }],
}

export const trooper = {
  name: 'Stormtrooper',
  kind: 'nonheroic',
  hp: 37,
  bab: 2,
  initiative: 1,
  abilities: { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 },
  totals: { reflex: 17, fortitude: 13, will: 11 },
  weapons: [{ name: 'Blaster rifle', damage: '3d8', kind: 'ranged' }],
}

export const sniper = { ...trooper, name: 'Hidden Sniper', hp: 58 }

export async function prep(library: LibraryService, campaignId: string, opts: { troopers?: number; sniper?: boolean } = {}) {
  const pc = await library.save(campaignId, { name: vela.name, kind: 'pc', tags: ['party'], data: vela })
  const st = await library.save(campaignId, { name: trooper.name, kind: 'npc', tags: ['imperial'], data: trooper })
  const sn = await library.save(campaignId, { name: sniper.name, kind: 'npc', tags: [], data: sniper })
  if (!pc.ok || !st.ok || !sn.ok) throw new Error('library setup failed')
  const party = await library.setParty(campaignId, [pc.value.id])
  if (!party.ok) throw new Error(party.error.message)
  const entries = [{ statBlockId: st.value.id, count: opts.troopers ?? 3, side: 'enemies' as const, aware: true, hidden: false, band: 'medium' }]
  if (opts.sniper !== false) entries.push({ statBlockId: sn.value.id, count: 1, side: 'enemies' as const, aware: true, hidden: true, band: 'long' })
  const plan = await library.savePlan(campaignId, { name: 'Hangar ambush', notes: 'troopers at the doors', entries })
  if (!plan.ok) throw new Error(plan.error.message)
  return { pcId: pc.value.id, trooperId: st.value.id, sniperId: sn.value.id, planId: plan.value.id }
}
