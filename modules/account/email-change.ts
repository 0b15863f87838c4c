import { asFailure } from '../../core/api/client'
import type { Failure } from '../../core/api/envelope'
import type { CommandHandlers } from '../../core/bus/commands'
import type { ProfileEmailForm } from '../../core/validation/forms'

/**
 * Changing the e-mail on the profile page: a confirmation link goes to the new address (ui/ConfirmEmailPage opens
 * it). The e-mail in use stays until the link is opened; the profile shows the one waiting (Profile.pending_email).
 */
declare module '../../core/bus/commands' {
  interface CommandMap {
    /** POST v1/profile/email: sends the confirmation link to the new address. */
    'account/changeEmail': ProfileEmailForm
  }
}

declare module '../../core/events/map' {
  interface EventMap {
    'account/emailSending': Record<string, never>
    'account/emailLinkSent': { email: string }
    'account/emailFailed': { failure: Failure }
  }
}

export const emailCommands: CommandHandlers = {
  'account/changeEmail': async (form, ctx) => {
    ctx.bus.emit('account/emailSending', {}, ctx.source)
    try {
      await ctx.api.post('v1/profile/email', form, { quiet: true })
      ctx.bus.emit('account/emailLinkSent', { email: form.email }, 'api')
      await ctx.dispatch('auth/loadProfile', {})
    } catch (error) {
      ctx.bus.emit('account/emailFailed', { failure: asFailure(error) }, 'api')
    }
  },
}
