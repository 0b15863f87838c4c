import { remote } from '../../core/data/remote'
import { asFailure } from '../../core/api/client'
import type { Failure } from '../../core/api/envelope'
import type { CommandHandlers } from '../../core/bus/commands'
import { createStore } from 'effector'
import { onBus } from '../../core/events/effector'
import { bidsApi, type BankBidPage } from '../bids/contract'
import { bankBidsApi, type BankStaff } from './contract'
import type { BankListRequest } from './loads'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET v1/bank-bids into `bankQueue`. */
    'bankBids/loadQueue': BankListRequest
    /** GET the bank's staff into `bankStaff` (the manager's assignee choice). */
    'bankBids/loadStaff': Record<string, never>
    /** POST v1/bank-bids/{requestId}/assign; then the queue reads itself again (`then`). */
    'bankBids/assign': { requestId: number; userId: number | null }
  }
}
declare module '../../core/events/map' {
  interface EventMap {
    'bankBids/assigning': { requestId: number }
    'bankBids/assigned': { requestId: number; userId: number | null }
    'bankBids/assignFailed': { requestId: number; failure: Failure }
  }
}

export const bankQueue = remote('bankBids/queue', {
  load: (query: BankListRequest, { api, signal }) =>
    api.get<BankBidPage>(bidsApi.bankBids, { quiet: true, searchParams: { ...query } as Record<string, string | number>, signal }),
})

export const bankStaff = remote('bankBids/staff', {
  load: (_: Record<string, never>, { api, signal }) => api.get<BankStaff>(bankBidsApi.staff, { quiet: true, signal }),
})

/** The request being assigned now and the last assignment's failure (shown above the list). */
export const $assigning = createStore<{ requestId: number | null; failure: Failure | null }>({ requestId: null, failure: null })
  .on(onBus('bankBids/assigning'), (_, { requestId }) => ({ requestId, failure: null }))
  .on(onBus('bankBids/assigned'), () => ({ requestId: null, failure: null }))
  .on(onBus('bankBids/assignFailed'), (_, { failure }) => ({ requestId: null, failure }))
  .reset(onBus('auth/loggedOut'))

export const bankCommands: CommandHandlers = {
  'bankBids/loadQueue': bankQueue.load,
  'bankBids/loadStaff': bankStaff.load,
  'bankBids/assign': async ({ requestId, userId }, ctx) => {
    ctx.bus.emit('bankBids/assigning', { requestId }, ctx.source)
    try {
      await ctx.api.post(bankBidsApi.assign(requestId), { user_id: userId }, { quiet: true })
      ctx.bus.emit('bankBids/assigned', { requestId, userId }, 'api')
    } catch (error) {
      ctx.bus.emit('bankBids/assignFailed', { requestId, failure: asFailure(error) }, 'api')
    }
  },
}
