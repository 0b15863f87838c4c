import { and, desc, eq, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import { line } from '../../../core/validation'
import { smsOutbox } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { parseQuery } from '../../../server/http/validate'
import type { ServerModule } from '../../../server/module'
import { canSeeSms } from '../access'

/** GET v1/sms → data: the latest SMS of the outbox, newest first (the SMS status screen, SPEC §2 /sms). */
export interface SmsItem {
  id: number
  phone: string
  text: string
  status: number
  created_at: string
}

const SMS_LIST_LIMIT = 50

/** `?phone=77001000010`: one phone's SMS only (11 digits, as stored). */
const smsListQuery = v.object({ phone: v.optional(v.pipe(v.string(), line(), v.regex(/^\d{11}$/, 'validation:phone'))) })

/**
 * The SMS module's server half: the outbox as administrators read it (server/sms/provider.ts writes it). The
 * browser suite reads the codes it sends from here, as a person at the SMS screen would.
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
      return ok<SmsItem[]>(rows.map(r => ({ id: r.id, phone: r.phone, text: r.text, status: r.status, created_at: r.created_at.toISOString() })))
    })
  },
}
