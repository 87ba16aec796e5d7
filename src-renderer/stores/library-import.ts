/**
 * The library's import from other tools (issue 30), through `library:import*`: the files and pasted texts the GM
 * gathered, the preview main read from them (with the progress of a large compendium), the GM's choices (left out,
 * the stated or the rules' value, the answers to the readers' questions), the import in one step, and its Undo.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppError } from '@shared/result'
import type { FieldLanding, ImportAnswers, ImportPreview, ImportPreviewItem, ImportResult, KeepChoice, StatBlockFigure } from '@shared/views/import-views'
import { call, listen } from '../bridge/call'
import { useLibraryStore } from './library'

export interface GatheredSource {
  name: string
  text: string
}

export const useLibraryImportStore = defineStore('libraryImport', () => {
  const library = useLibraryStore()
  const sources = ref<GatheredSource[]>([])
  const format = ref('auto')
  const formats = ref<Array<{ format: string; label: string }>>([])
  const preview = ref<ImportPreview | null>(null)
  const answers = ref<ImportAnswers>({})
  const skip = ref<Set<string>>(new Set())
  const keep = ref<Record<string, Record<string, KeepChoice>>>({})
  const progress = ref<{ done: number; total: number } | null>(null)
  const busy = ref(false)
  const error = ref<AppError | null>(null)
  const result = ref<ImportResult | null>(null)
  const undone = ref<number | null>(null)
  /** the landings of the items the GM opened, by key (a preview leaves them out: `fieldsLater`) */
  const fields = ref<Record<string, FieldLanding[]>>({})
  /** the figures of the items shown past a large preview's first page, by key (`figuresLater`) */
  const figures = ref<Record<string, StatBlockFigure[]>>({})
  /** keys whose figures were asked for (each is asked once per preview) */
  let asked = new Set<string>()

  const campaignId = () => library.campaignId ?? ''
  /** the stat blocks the import will save now */
  const chosen = computed(() => (preview.value?.items ?? []).filter((i) => i.status !== 'refused' && !skip.value.has(i.key)))

  function reset() {
    sources.value = []
    preview.value = null
    skip.value = new Set()
    keep.value = {}
    result.value = null
    undone.value = null
    error.value = null
    progress.value = null
    fields.value = {}
    figures.value = {}
    asked = new Set()
  }
  async function loadFormats() {
    const r = await call('library:importFormats', { campaignId: campaignId() })
    if (r.ok) formats.value = r.value
  }
  function add(list: GatheredSource[]) {
    // the same file dropped twice is read once (the later copy wins)
    const names = new Set(list.map((s) => s.name))
    sources.value = [...sources.value.filter((s) => !names.has(s.name)), ...list]
    preview.value = null
  }
  function removeSource(name: string) {
    sources.value = sources.value.filter((s) => s.name !== name)
    preview.value = null
  }
  /** read the sources (again, after an answer changed): nothing is saved */
  async function read() {
    if (!sources.value.length) return
    busy.value = true
    error.value = null
    progress.value = { done: 0, total: 0 }
    const unsub = listen('import:progress', (p) => {
      if (p.campaignId === campaignId()) progress.value = { done: p.done, total: p.total }
    })
    try {
      const r = await call('library:importPreview', { campaignId: campaignId(), sources: sources.value, ...(format.value !== 'auto' ? { format: format.value } : {}), answers: answers.value })
      if (r.ok) {
        preview.value = r.value
        fields.value = {}
        figures.value = {}
        asked = new Set()
        answers.value = r.value.answers
        // choices of a stat block no longer read are dropped
        const keys = new Set(r.value.items.map((i) => i.key))
        skip.value = new Set([...skip.value].filter((k) => keys.has(k)))
      } else error.value = r.error
      return r
    } finally {
      unsub()
      busy.value = false
      progress.value = null
    }
  }
  /** an item's landings: the preview's, else those read for it when it was opened (empty until they come) */
  function fieldsOf(it: ImportPreviewItem): FieldLanding[] {
    return it.fieldsLater ? (fields.value[it.key] ?? []) : it.fields
  }
  /** read the landings of an item the GM opens (once per preview) */
  async function loadFields(it: ImportPreviewItem) {
    const p = preview.value
    if (!p || !it.fieldsLater || fields.value[it.key]) return
    const r = await call('library:importFields', { campaignId: campaignId(), previewId: p.id, key: it.key })
    // a preview read again meanwhile: its own landings are asked for anew
    if (preview.value?.id !== p.id) return
    if (r.ok) fields.value = { ...fields.value, [it.key]: r.value }
    else error.value = r.error
  }
  /** an item's figures: the preview's, else those computed when its row was shown (empty until they come) */
  function figuresOf(it: ImportPreviewItem): StatBlockFigure[] {
    return it.figuresLater ? (figures.value[it.key] ?? []) : it.figures
  }
  /** compute the figures of the rows now shown that the preview left for later (one call for the page) */
  async function loadFigures(items: ImportPreviewItem[]) {
    const p = preview.value
    const keys = items.filter((it) => it.figuresLater && !asked.has(it.key)).map((it) => it.key)
    if (!p || keys.length === 0) return
    for (const k of keys) asked.add(k)
    for (let i = 0; i < keys.length; i += 500) {
      const r = await call('library:importFigures', { campaignId: campaignId(), previewId: p.id, keys: keys.slice(i, i + 500) })
      if (preview.value?.id !== p.id) return
      if (r.ok) figures.value = { ...figures.value, ...r.value }
      else error.value = r.error
    }
  }
  function setAnswer(questionId: string, from: string, to: string | null) {
    answers.value = { ...answers.value, [questionId]: { ...(answers.value[questionId] ?? {}), [from]: to } }
  }
  function toggle(key: string) {
    const s = new Set(skip.value)
    if (s.has(key)) s.delete(key)
    else s.add(key)
    skip.value = s
  }
  function choose(itemKey: string, disagreement: string, choice: KeepChoice) {
    keep.value = { ...keep.value, [itemKey]: { ...(keep.value[itemKey] ?? {}), [disagreement]: choice } }
  }
  async function apply() {
    if (!preview.value) return null
    busy.value = true
    try {
      const r = await call('library:importApply', { campaignId: campaignId(), previewId: preview.value.id, skip: [...skip.value], keep: keep.value })
      if (r.ok) {
        result.value = r.value
        undone.value = null
        error.value = null
        await library.load(campaignId())
      } else error.value = r.error
      return r
    } finally {
      busy.value = false
    }
  }
  async function undo() {
    if (!result.value) return null
    const r = await call('library:importUndo', { campaignId: campaignId(), importId: result.value.importId })
    if (r.ok) {
      undone.value = r.value.removed
      error.value = null
      await library.load(campaignId())
    } else error.value = r.error
    return r
  }
  return { sources, format, formats, preview, answers, skip, keep, progress, busy, error, result, undone, fields, figures, chosen, reset, loadFormats, add, removeSource, read, fieldsOf, loadFields, figuresOf, loadFigures, setAnswer, toggle, choose, apply, undo }
})
