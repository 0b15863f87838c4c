import type { Role } from '../auth/profile'
import type { Actor } from './actor'

/**
 * An access rule: a plain function of the actor. A module writes each of its rules once (its `access.ts`); the
 * sidebar, the route guard, the server's endpoint guard (`app.requireUser(rule)`) and the tests call that same
 * function, so no role list exists twice.
 */
export type Rule = (actor: Actor) => boolean

export const anyone: Rule = () => true
export const nobody: Rule = () => false
export const roles =
  (...allowed: Role[]): Rule =>
  actor =>
    allowed.includes(actor.role)
export const not =
  (rule: Rule): Rule =>
  actor =>
    !rule(actor)
export const either =
  (...rules: Rule[]): Rule =>
  actor =>
    rules.some(rule => rule(actor))
export const both =
  (...rules: Rule[]): Rule =>
  actor =>
    rules.every(rule => rule(actor))
export const withTender: Rule = actor => actor.tender
export const withSip: Rule = actor => actor.sip
export const withOffice: Rule = actor => actor.office_id !== null
export const impersonated: Rule = actor => actor.impersonated
