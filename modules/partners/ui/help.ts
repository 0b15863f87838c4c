import { ROLE, type Role } from '../../../core/auth/profile'

/** The reader groups of /help, each with its own steps (`partners:help.groups.<group>.steps.s<n>`). */
export const HELP_GROUPS = ['client', 'agent', 'verifier', 'bank', 'admin', 'observer'] as const
export type HelpGroup = (typeof HELP_GROUPS)[number]

/** How many steps each group's text has (the packs hold s1…sN). */
export const HELP_STEPS: Record<HelpGroup, number> = { client: 7, agent: 4, verifier: 6, bank: 7, admin: 4, observer: 2 }

export function helpGroupOf(role: Role | null | undefined): HelpGroup {
  switch (role) {
    case ROLE.client:
      return 'client'
    case ROLE.agent:
    case ROLE.agentManager:
      return 'agent'
    case ROLE.verifier:
    case ROLE.adminVerifier:
      return 'verifier'
    case ROLE.bank:
    case ROLE.bankManager:
      return 'bank'
    case ROLE.admin:
      return 'admin'
    default:
      return 'observer'
  }
}

/** Both schemes of BIDS.md in the order a bid usually goes (every number written; legacy aliases in a note). */
export const BID_STATUSES = [0, 10, 11, 20, 30, 40, 50, 12, 52, 14, 200, 6, 13] as const
export const REQUEST_STATUSES = [1, 70, 40, 30, 35, 50, 150, 170, 160, 60, 180, 200, 130] as const
export const PATH_STEPS = 6
