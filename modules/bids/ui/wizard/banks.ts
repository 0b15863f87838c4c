import { useCallback, useRef, useState } from 'react'
import type { Api } from '../../../../core/api/client'
import { browserStorage, type KeyValueStorage } from '../../../../core/auth/storage'
import { bidsApi, type Bid } from '../../contract'

/**
 * The banks the client would like the bid sent to (chosen beside the estimate, shown on /confirm-bid, preselected
 * in the verifier's send-to-banks dialog). Saved with the draft (`preferred_partner_ids`, POST v1/bids/{id}); this
 * browser keeps a copy per bid until the server has it (a failed save is tried again with the next tick).
 */
export const banksKey = (id: number) => `bids.wizard.banks.${id}`

export function readBanks(storage: KeyValueStorage, id: number): number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(banksKey(id)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((x): x is number => Number.isInteger(x) && x > 0) : []
  } catch {
    return []
  }
}

/** The bid's preferred banks: the server's, else (a draft from before, an unsent choice) this browser's copy. */
export function preferredBanks(storage: KeyValueStorage, bid: Pick<Bid, 'id' | 'preferred_partner_ids'>): number[] {
  const saved = bid.preferred_partner_ids ?? []
  return saved.length > 0 ? saved : readBanks(storage, bid.id)
}

let shared: KeyValueStorage | null = null

export function useChosenBanks(bid: Pick<Bid, 'id' | 'preferred_partner_ids'> | null, api: Api | null, storage: KeyValueStorage = (shared ??= browserStorage())) {
  const id = bid?.id ?? null
  const [chosen, setChosen] = useState<number[]>(() => (bid === null ? [] : preferredBanks(storage, bid)))
  const saving = useRef(Promise.resolve())
  const toggle = useCallback(
    (partnerId: number, on: boolean) =>
      setChosen(prev => {
        const next = on ? [...new Set([...prev, partnerId])] : prev.filter(x => x !== partnerId)
        if (id !== null) {
          try {
            storage.setItem(banksKey(id), JSON.stringify(next))
          } catch {
            // kept on the page
          }
          // One save at a time, the latest choice last; the browser's copy stays if it fails.
          if (api) saving.current = saving.current.then(() => api.post(bidsApi.bid(id), { preferred_partner_ids: next }, { quiet: true }).then(() => undefined, () => undefined))
        }
        return next
      }),
    [id, api, storage],
  )
  return { chosen, toggle }
}
