import type { Db } from '../../../../server/db/client'
import type { TenderHistoryType } from '../../contract'
import { tenderHistory } from '../../tables'

/**
 * A KP's line in its tender's history (5/55 sent, 7 opened, 8 followed, 9 signed in), in the caller's transaction.
 * Stands in for the ShowTender branch's `recordTenderHistory` (modules/tenders/server/history.ts, which also pushes
 * the line to the open tender page): swap the body for a call to it once merged.
 */
export async function recordKpHistory(tx: Db, entry: { tender_id: number; type: TenderHistoryType; value: string; user_id: number | null; at: Date }): Promise<void> {
  await tx.insert(tenderHistory).values({ tender_id: entry.tender_id, type: entry.type, value: entry.value, user_id: entry.user_id, created_at: entry.at })
}
