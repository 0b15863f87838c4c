import type { CommandHandlers } from '../../core/bus/commands'
import { partnersList, type PartnersQuery } from './model'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /** GET partners into `partnersList` (a newer query aborts the older one). */
    'partners/loadList': PartnersQuery
  }
}

export const partnersCommands: CommandHandlers = {
  'partners/loadList': partnersList.load,
}
