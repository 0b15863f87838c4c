import { ROLE } from '../../core/auth/profile'
import type { Rule } from '../../core/access'

/** SPEC §2: everyone, except an agent who belongs to no office. */
export const canSeeTasks: Rule = actor => !(actor.role === ROLE.agent && actor.office_id === null)
