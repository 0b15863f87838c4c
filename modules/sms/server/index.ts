import { and, desc, eq, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import { line } from '../../../core/validation'
import { smsOutbox } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import type { ServerModule } from '../../../server/module'
import { canSeeSms } from '../access'

/**
 * GET v1/sms → data: the latest SMS of the outbox, newest first (the SMS status screen, SPEC §2 /sms). Statuses
 * only: the texts carry registration codes and recovered passwords, which no administrator may read.
 */
export interface SmsItem {
  id: number
  phone: string
  status: number
  created_at: string
}

const SMS_LIST_LIMIT = 50

/** `?phone=77001000010`: one phone's SMS only (11 digits, as stored). */
const smsListQuery = v.object({ phone: v.optional(v.pipe(v.string(), line(), v.regex(/^\d{11}$/, 'validation:phone'))) })

/**
 * The SMS module's server half: the outbox's statuses as administrators read them (server/sms/provider.ts writes
 * it; the browser suite reads the codes from SMS_LOG_FILE, the gateway's stand-in).
 */
export const smsServer: ServerModule = {
  id: 'sms',
  register(app, deps) {
    app.get('/sms', { preHandler: app.requireUser(canSeeSms) }, async request => {
      const { phone } = parseQuery(smsListQuery, request.query)
      const where: SQL[] = phone ? [eq(smsOutbox.phone, phone)] : []
      const rows = await deps.db
        .select()
        .from(smsOutbox)
        .where(and(...where))
        .orderBy(desc(smsOutbox.id))
        .limit(SMS_LIST_LIMIT)
      return ok<SmsItem[]>(rows.map(r => ({ id: r.id, phone: r.phone, status: r.status, created_at: r.created_at.toISOString() })))
    })
  },
}
