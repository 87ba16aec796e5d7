/**
 * Unsaved prep edits (issue 27: they vanished when the GM switched tabs). Prep is unmounted when another tab opens,
 * so the draft of each edited plan is kept here, per campaign, and in the tab's session storage, so a reload keeps
 * it too. A draft ends when it is saved, discarded or its plan deleted.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { EncounterPlanEntry } from '@shared/domain/campaign'

/** a plan as the prep editor holds it while the GM edits */
export type PlanDraft = { id?: string; name: string; notes: string; entries: EncounterPlanEntry[] }
/** the plan prep had open (a plan id or NEW_PLAN), and each edited plan's draft */
type CampaignDrafts = { open?: string; drafts: Record<string, PlanDraft> }
const STORAGE_KEY = 'gmc.planDrafts'
/** the key of a plan not saved yet */
export const NEW_PLAN = 'new'

function read(): Record<string, CampaignDrafts> {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, CampaignDrafts>) : {}
  } catch {
    return {}
  }
}

export const usePlanDraftsStore = defineStore('planDrafts', () => {
  const byCampaign = ref<Record<string, CampaignDrafts>>(read())
  const persist = () => {
    try {
      globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(byCampaign.value))
    } catch {
      /* storage full or unavailable: the drafts are still kept in this store for this page's life */
    }
  }
  const draftOf = (campaignId: string, key: string): PlanDraft | undefined => byCampaign.value[campaignId]?.drafts[key]
  const has = (campaignId: string, key: string): boolean => !!draftOf(campaignId, key)
  const openPlan = (campaignId: string): string | undefined => byCampaign.value[campaignId]?.open
  /** keep the draft of `key` (a plan id or NEW_PLAN), or with null end it; `key` is the plan prep has open now */
  function keep(campaignId: string, key: string, draft: PlanDraft | null) {
    const { [key]: _old, ...rest } = byCampaign.value[campaignId]?.drafts ?? {}
    const drafts = draft ? { ...rest, [key]: JSON.parse(JSON.stringify(draft)) as PlanDraft } : rest
    byCampaign.value = { ...byCampaign.value, [campaignId]: { open: key, drafts } }
    persist()
  }
  /** the plan is gone (deleted): its draft with it */
  function drop(campaignId: string, key: string) {
    const c = byCampaign.value[campaignId]
    if (!c) return
    const { [key]: _gone, ...drafts } = c.drafts
    byCampaign.value = { ...byCampaign.value, [campaignId]: { ...(c.open === key ? {} : { open: c.open }), drafts } }
    persist()
  }
  return { draftOf, has, openPlan, keep, drop }
})
