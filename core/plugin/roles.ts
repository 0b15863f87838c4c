import type { Profile, Role } from '../auth/profile'

/** Role predicates are plain functions of the profile: the sidebar, the route guard and tests call the same ones. */
export type RolePredicate = (profile: Profile) => boolean

export const anyone: RolePredicate = () => true
export const hasRole = (...roles: Role[]): RolePredicate => p => roles.includes(p.role)
export const not = (predicate: RolePredicate): RolePredicate => p => !predicate(p)
export const either = (...predicates: RolePredicate[]): RolePredicate => p => predicates.some(f => f(p))
export const both = (...predicates: RolePredicate[]): RolePredicate => p => predicates.every(f => f(p))
export const hasTenderService: RolePredicate = p => p.settings.services.tender
export const hasSip: RolePredicate = p => Boolean(p.sip?.code)
