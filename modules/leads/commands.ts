import type { CommandHandlers } from '../../core/bus/commands'
import type { LeadUsersRequest } from './loads'
import { leadUsersList } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET leads-users into `leadUsersList` (a newer query aborts the older one). */
    'leads/loadUsers': LeadUsersRequest
  }
}

export const leadsCommands: CommandHandlers = {
  'leads/loadUsers': leadUsersList.load,
}
