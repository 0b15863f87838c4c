import { ROLE } from '../../core/auth/profile'
import { roles, type Rule } from '../../core/access'
import type { RowScope } from '../../core/access/scope'

/** SPEC §2: /split-bids, /split-bids/{id}, /split-clients for 150, 170 and 100. */
export const canSeeSplit = roles(ROLE.callCenter, ROLE.verifier, ROLE.admin)

/** Who may create a split bid (DESIGN-notes.md): the call-center employee and the administrator. */
export const canCreateSplit: Rule = roles(ROLE.callCenter, ROLE.admin)

/** The verifier's decisions (decline, send for rework): 170 and the administrator. */
export const splitVerifiers: Rule = roles(ROLE.verifier, ROLE.admin)

/** Everyone who works a bid forward (verified, go to payment, client paid, complete). */
export const splitWorkers: Rule = canSeeSplit

/**
 * Which split bids one sees (DESIGN-notes.md): a call-center employee the ones they created; verifiers and the
 * administrator all.
 */
export const splitScope: RowScope<'author'> = {
  [ROLE.callCenter]: { own: 'author' },
  [ROLE.verifier]: 'all',
  [ROLE.admin]: 'all',
}
