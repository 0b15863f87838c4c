import { ROLE } from '../../core/auth/profile'
import { roles } from '../../core/access'

/** /site-recall (SPEC: roles 100 and 170): the list, take into work and done; the server pushes its updates to them. */
export const SITE_RECALL_ROLES = [ROLE.admin, ROLE.verifier] as const
export const canSeeSiteRecall = roles(...SITE_RECALL_ROLES)
