import { createStore } from 'effector'
import { asFailure } from '../../core/api/client'
import type { Failure } from '../../core/api/envelope'
import type { CommandHandlers } from '../../core/bus/commands'
import { onBus } from '../../core/events/effector'
import type { ProfileEmailForm } from '../../core/validation/forms'
import type { FormState } from './model'

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

const idle: FormState = { status: 'idle', failure: null }

export const $emailForm = createStore<FormState>(idle)
  .on(onBus('account/emailSending'), () => ({ ...idle, status: 'sending' }))
  .on(onBus('account/emailLinkSent'), () => ({ ...idle, status: 'done' }))
  .on(onBus('account/emailFailed'), (_, { failure }) => ({ ...idle, status: 'failed', failure }))

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
