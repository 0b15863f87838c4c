import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Api } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { asFailure } from '../../../../core/api/client'
import { browserStorage, type KeyValueStorage } from '../../../../core/auth/storage'
import type { Clock } from '../../../../core/bus/clock'
import { useRuntime } from '../../../../core/react/runtime'
import { bidsApi, type Bid } from '../../contract'
import type { BidField } from '../../services'
import { draftErrors, fieldOfPath, sameValue, serviceFields, toInput, valuesFromBid, type FormValue, type WizardValues } from './values'

/**
 * One draft bid being edited: loaded from the server, saved as the user types (debounced on the runtime's clock),
 * and backed up in the browser until the server has it. Only fields the draft schema accepts are sent; a field
 * with bad input stays here and in the backup (a reload shows it again with its message), never lost.
 */

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed'

export interface DraftSnapshot {
  load: 'loading' | 'ready' | 'failed'
  loadFailure: Failure | null
  bid: Bid | null
  values: WizardValues
  save: SaveStatus
  saveFailure: Failure | null
  /** The server's messages for fields it refused (cleared as the field changes). */
  serverErrors: Record<string, string>
}

export interface Draft {
  get(): DraftSnapshot
  subscribe(listener: () => void): () => void
  load(): Promise<void>
  set(field: BidField, value: FormValue): void
  /** Saves what may be saved now; true when nothing savable is left unsent. */
  flush(): Promise<boolean>
  retry(): void
  dispose(): void
}

export const SAVE_DELAY_MS = 800
export const backupKey = (id: number) => `bids.wizard.draft.${id}`

export interface DraftDeps {
  api: Api
  clock: Pick<Clock, 'setTimeout'>
  storage: KeyValueStorage
  id: number
  delay?: number
}

export function createDraft({ api, clock, storage, id, delay = SAVE_DELAY_MS }: DraftDeps): Draft {
  let state: DraftSnapshot = { load: 'loading', loadFailure: null, bid: null, values: {}, save: 'idle', saveFailure: null, serverErrors: {} }
  /** What the server holds, as form values. */
  let saved: WizardValues = {}
  const listeners = new Set<() => void>()
  let cancelTimer: (() => void) | null = null
  let chain: Promise<unknown> = Promise.resolve()
  let disposed = false

  const update = (patch: Partial<DraftSnapshot>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  const fields = () => (state.bid ? serviceFields(state.bid.service_type) : [])
  const unsaved = () => fields().filter(f => !sameValue(state.values[f], saved[f]))

  const writeBackup = () => {
    const changed = unsaved()
    try {
      if (changed.length === 0) storage.removeItem(backupKey(id))
      else storage.setItem(backupKey(id), JSON.stringify(Object.fromEntries(changed.map(f => [f, state.values[f]]))))
    } catch {
      // A full or forbidden storage: the values are still on the page.
    }
  }
  const readBackup = (): WizardValues => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(backupKey(id)) ?? '{}')
      return parsed && typeof parsed === 'object' ? (parsed as WizardValues) : {}
    } catch {
      return {}
    }
  }

  const schedule = () => {
    cancelTimer?.()
    cancelTimer = clock.setTimeout(() => {
      cancelTimer = null
      void flush()
    }, delay)
  }

  async function send(): Promise<boolean> {
    const bid = state.bid
    if (!bid) return false
    const changed = unsaved()
    // Bad input stays here; so does a field the server refused, until it changes (else every save would fail again).
    const bad = new Set([...Object.keys(draftErrors(state.values, changed)), ...Object.keys(state.serverErrors)].map(fieldOfPath))
    const sending = changed.filter(f => !bad.has(f))
    if (sending.length === 0) {
      if (state.save !== 'failed') update({ save: changed.length ? 'idle' : state.save === 'pending' ? 'saved' : state.save })
      return bad.size === 0
    }
    const snapshot = Object.fromEntries(sending.map(f => [f, state.values[f]])) as WizardValues
    const body = Object.fromEntries(sending.map(f => [f, toInput(f, snapshot[f])]))
    update({ save: 'saving' })
    try {
      const answer = await api.post<Bid>(bidsApi.bid(id), body, { quiet: true })
      if (disposed) return false
      saved = { ...saved, ...snapshot }
      writeBackup()
      const more = unsaved().some(f => !bad.has(f))
      update({ bid: { ...answer }, save: more ? 'pending' : 'saved', saveFailure: null })
      if (more && !cancelTimer) schedule()
      return !more && bad.size === 0
    } catch (error) {
      if (disposed) return false
      const failure = asFailure(error)
      update({ save: 'failed', saveFailure: failure, serverErrors: { ...state.serverErrors, ...(failure.validation ?? {}) } })
      return false
    }
  }

  function flush(): Promise<boolean> {
    cancelTimer?.()
    cancelTimer = null
    // One save at a time: a flush during a save runs after it, with whatever changed meanwhile.
    const run = chain.then(send)
    chain = run
    return run
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async load() {
      update({ load: 'loading', loadFailure: null })
      try {
        const bid = await api.get<Bid>(bidsApi.bid(id), { quiet: true })
        if (disposed) return
        saved = valuesFromBid(bid.service_type, bid)
        const backup = readBackup()
        const values = { ...saved }
        for (const field of serviceFields(bid.service_type)) if (field in backup) values[field] = backup[field]
        update({ load: 'ready', bid, values })
        // What only the backup had goes up now (its valid part).
        if (unsaved().length > 0) schedule()
      } catch (error) {
        if (!disposed) update({ load: 'failed', loadFailure: asFailure(error) })
      }
    },
    set(field, value) {
      const { [field]: _gone, ...serverErrors } = state.serverErrors
      for (const path of Object.keys(serverErrors)) if (fieldOfPath(path) === field) delete serverErrors[path]
      update({ values: { ...state.values, [field]: value }, serverErrors, save: state.save === 'saving' ? 'saving' : 'pending' })
      writeBackup()
      schedule()
    },
    flush,
    retry: () => void flush(),
    dispose() {
      disposed = true
      cancelTimer?.()
      listeners.clear()
    },
  }
}

/** The draft of bid `id` for a page (null id: none yet). */
export function useDraft(id: number | null, storage: KeyValueStorage = defaultStorage()): { draft: Draft | null; snapshot: DraftSnapshot | null } {
  const runtime = useRuntime()
  const [draft, setDraft] = useState<Draft | null>(null)
  useEffect(() => {
    if (id === null) return setDraft(null)
    const created = createDraft({ api: runtime.api, clock: runtime.bus.clock, storage, id })
    setDraft(created)
    void created.load()
    return () => {
      // Leaving the page saves what is pending first (the debounce would be cancelled otherwise).
      void created.flush().finally(() => created.dispose())
    }
  }, [id, runtime, storage])
  const snapshot = useSyncExternalStore(
    draft ? draft.subscribe : noop,
    draft ? draft.get : nothing,
  )
  return { draft, snapshot }
}
let shared: KeyValueStorage | null = null
const defaultStorage = () => (shared ??= browserStorage())
const noop = () => () => undefined
const nothing = () => null
