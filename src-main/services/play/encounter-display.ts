/**
 * What the players see of the live encounters (issue 5, issue 27): how each side's numbers are shown, which encounter
 * is on the player display (written to its log, so a restart shows it again), and the campaign's display settings.
 */
import type { Side } from '@shared/domain/encounter'
import type { DisplayMode, GmEncounterView } from '@shared/views/encounter-views'
import { ok, type Result } from '@shared/result'
import type { ServiceEnv } from '../ports'
import { noLiveEncounter, type LiveEncounter } from './encounter-live'
import type { EncounterPush, Lives } from './encounter-push'
import type { EncounterWriter } from './encounter-writer'

export interface EncounterDisplay {
  setDisplay(encounterId: string, side: Side, mode: DisplayMode): Promise<Result<GmEncounterView>>
  showToPlayers(encounterId: string | null): Promise<Result<{ shown: string | null }>>
  playerDisplayChanged(campaignId: string): Promise<void>
}

export function createEncounterDisplay(env: ServiceEnv, lives: Lives, push: EncounterPush, writer: EncounterWriter, find: (encounterId: string) => Promise<LiveEncounter | undefined>): EncounterDisplay {
  return {
    async setDisplay(encounterId, side, mode) {
      const l = await find(encounterId)
      if (!l) return noLiveEncounter(encounterId)
      return writer.serial(l, async () => {
        const wrote = await writer.write(l, [{ kind: 'encounter.display', at: env.now(), encounterId, side, mode }])
        if (!wrote.ok) return wrote
        l.display = { ...l.display, [side]: mode }
        l.state = { ...l.state, display: { ...l.display } }
        return ok(await push.pushChanged(l))
      })
    },

    async playerDisplayChanged(campaignId) {
      push.forget(campaignId)
      const l = lives.shown ? lives.all.get(lives.shown) : undefined
      if (l && l.campaignId === campaignId) await push.pushBoard()
    },

    async showToPlayers(encounterId) {
      const now = encounterId === null ? undefined : await find(encounterId)
      if (encounterId !== null && !now) return noLiveEncounter(encounterId)
      const before = lives.shown ? lives.all.get(lives.shown) : undefined
      if (before !== now) {
        // on the display once its log says so (a restart shows it again); what it replaces, off it
        if (now) {
          const wrote = await writer.serial(now, () => writer.write(now, [{ kind: 'encounter.shown', at: env.now(), encounterId: now.id, shown: true }]))
          if (!wrote.ok) return wrote
        }
        // (one carried out of an ended session has no open log to say so, and opens no session just for this)
        if (before && !before.waiting) await writer.serial(before, () => writer.write(before, [{ kind: 'encounter.shown', at: env.now(), encounterId: before.id, shown: false }]))
      }
      lives.shown = encounterId
      if (before) env.publish('encounter:changed', push.gmView(before))
      if (now) env.publish('encounter:changed', push.gmView(now))
      await push.pushBoard()
      return ok({ shown: lives.shown })
    },
  }
}
