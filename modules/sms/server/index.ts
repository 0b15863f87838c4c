import { and, eq } from 'drizzle-orm'
import { smsOutbox } from '../../../server/db/schema'
import { ok } from '../../../server/http/envelope'
import { ApiError, notFound } from '../../../server/http/errors'
import { parseQuery, pathId } from '../../../server/http/validate'
import type { ServerModule } from '../../../server/module'
import { SMS_STATUS } from '../../../server/sms/status'
import { canSeeSms } from '../access'
import { smsListQuery, type SmsItem, type SmsPage } from '../contract'
import { listSms, toSmsItem } from './list'

/**
 * The SMS module's server half (issue 13 §4): the outbox as administrators read it — texts masked — and the resend of
 * a failed SMS. server/sms writes the outbox and, with a gateway configured, delivers it through the job queue.
 */
export const smsServer: ServerModule = {
  id: 'sms',
  register(app, deps) {
    const { db } = deps

    app.get('/sms', { preHandler: app.requireUser(canSeeSms) }, async request => {
      return ok<SmsPage>(await listSms(db, parseQuery(smsListQuery, request.query)))
    })

    // Only a failed SMS goes back to the gateway: a new one is queued already, a sent one would reach the phone twice.
    app.post('/sms/:id/resend', { preHandler: app.requireUser(canSeeSms) }, async request => {
      const id = pathId(request)
      const sender = app.smsSender
      const item = await db.transaction(async tx => {
        const [row] = await tx.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1).for('update')
        if (!row) throw notFound()
        if (!sender) throw new ApiError(409, 'sms:server.noGateway')
        if (row.status !== SMS_STATUS.error) throw new ApiError(409, 'sms:server.notFailed')
        const [updated] = await tx
          .update(smsOutbox)
          .set({ status: SMS_STATUS.new, attempts: 0 })
          .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, SMS_STATUS.error)))
          .returning()
        await sender.enqueue(tx, id)
        return toSmsItem(updated ?? row)
      })
      return ok<SmsItem>(item)
    })
  },
}
