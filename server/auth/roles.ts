import { ROLE, type Role } from '../../core/auth/profile'

/** Role rules as plain functions of the user, reused by routes, modules and tests. */
export interface HasRole {
  role: number
}

export const hasRole = (user: HasRole, roles: readonly Role[]): boolean => roles.includes(user.role as Role)
export const isClient = (user: HasRole): boolean => user.role === ROLE.client
