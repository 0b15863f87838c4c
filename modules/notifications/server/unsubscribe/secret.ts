import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Clock } from '../../../../server/clock'
import type { Db } from '../../../../server/db/client'
import { notificationSecrets } from '../../tables'

const NAME = 'unsubscribe_hmac'

/**
 * UNSUBSCRIBE_SECRET when set; otherwise one generated on first use and kept in the database, so links stay
 * valid across restarts and every node signs with the same key (insert-if-absent, then read the winner).
 */
export function unsubscribeSecret(db: Db, clock: Clock, configured: string | null): () => Promise<string> {
  let pending: Promise<string> | null = configured ? Promise.resolve(configured) : null
  return () => {
    pending ??= (async () => {
      await db
        .insert(notificationSecrets)
        .values({ name: NAME, value: randomBytes(32).toString('base64url'), created_at: new Date(clock.now()) })
        .onConflictDoNothing()
      const [row] = await db.select({ value: notificationSecrets.value }).from(notificationSecrets).where(eq(notificationSecrets.name, NAME))
      if (!row) throw new Error('unsubscribe secret missing')
      return row.value
    })().catch(error => {
      pending = null
      throw error
    })
    return pending
  }
}
