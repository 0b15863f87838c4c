import type { CommandHandlers } from '../../core/bus/commands'
import { smsApi, type SmsItem } from './contract'
import { smsList, type SmsListRequest } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET sms into `smsList` (a newer query aborts the older one). */
    'sms/loadList': SmsListRequest
    /** POST sms/{id}/resend: a failed SMS back to the gateway; a toast says so (a refusal is the server's toast). */
    'sms/resend': { id: number }
  }
}

export const smsCommands: CommandHandlers = {
  'sms/loadList': smsList.load,
  'sms/resend': async ({ id }, ctx) => {
    try {
      await ctx.api.post<SmsItem>(smsApi.resend(id), undefined)
      ctx.toast({ kind: 'success', text: 'sms:resent' })
    } catch {
      // Not quiet: the refusal (409: no gateway, not failed any more) was the API's own error toast already.
    }
  },
}
