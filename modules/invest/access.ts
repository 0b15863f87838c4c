import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

/**
 * Issue 14 §1 (decision in DESIGN-notes.md): investors are client users. A client company publishes offers and
 * invests in other companies' passed offers; the administrator sees and acts on everything.
 */
export const canSeeInvest = roles(ROLE.client, ROLE.admin)
/** /offers: the verifier (170) and the administrator pass or fail offers sent for review. */
export const canVerifyOffers = roles(ROLE.admin, ROLE.verifier)
/** Anyone who uses an invest endpoint at all: the market's users and the offers' verifiers. */
export const canUseInvest = roles(ROLE.client, ROLE.admin, ROLE.verifier)
