import { actorOf } from '../access/actor'
import type { Rule } from '../access/rules'
import type { CompanySummary, Profile, SignInMethod } from './profile'
import type { Registry } from '../plugin/registry'

export type AuthStatus = 'empty' | 'loading' | 'success' | 'error'

/** Pages for signed-out users only (SPEC §2). */
export const GUEST_ONLY_PATHS: readonly string[] = ['/login', '/register']
export const LOGIN_PATH = '/login'
/** Where /login and /register send a signed-in user after dropping the token (SPEC §2, literally). */
export const GUEST_PAGE_REDIRECT = '/tenders'

export interface RouteInput {
  /** The wanted location, with query: `/tenders/5?tab=1`. */
  path: string
  /** The matched route needs no session. */
  isPublic: boolean
  authStatus: AuthStatus
  /** A token is stored (the session may still be loading). */
  hasToken: boolean
  /** The matched route's access rule and the loaded profile, to tell a page the role may not open. */
  access?: Rule | 'public'
  profile?: Profile | null
}

export interface RouteDecision {
  /** Go there (replace the history entry). */
  redirect?: string
  /** Store as `redirectPath`: where to land after the next sign-in. */
  remember?: string
  /** Remove the stored token (the session ends without asking the server). */
  dropToken?: boolean
  /** The session is still loading: show the loader, decide again when it settles. */
  pending?: boolean
  /** Signed in, but this role may not open the page: show the not-found page. */
  forbidden?: boolean
}

/** `/login/?x#y` → `/login`. */
export function pathname(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? ''
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare || '/'
}

export function isGuestOnly(path: string): boolean {
  return GUEST_ONLY_PATHS.includes(pathname(path))
}

/**
 * SPEC §2 as a pure function the router calls on every location change:
 * - /login or /register with a token → drop the token and go to /tenders (the next decision, now without a
 *   token, remembers /tenders and sends the user to /login — that is what the spec describes);
 * - a protected page without a token → remember the path, go to /login;
 * - a protected page while the profile loads → pending; a role the page is not for → forbidden.
 * Guest pages are never remembered: landing on /login after sign-in would drop the new token again.
 */
export function decideRoute(input: RouteInput): RouteDecision {
  if (isGuestOnly(input.path)) return input.hasToken ? { dropToken: true, redirect: GUEST_PAGE_REDIRECT } : {}
  if (input.isPublic) return {}
  if (!input.hasToken) return { remember: input.path, redirect: LOGIN_PATH }
  if (input.authStatus !== 'success' || !input.profile) return input.authStatus === 'error' ? {} : { pending: true }
  if (typeof input.access === 'function' && !input.access(actorOf(input.profile))) return { forbidden: true }
  return {}
}

export interface LandingInput {
  registry: Pick<Registry, 'landingFor' | 'canOpen'>
  profile: Profile
  company: CompanySummary | null
  via: SignInMethod | 'home'
  rememberedPath: string | null
}

/**
 * SPEC §6: a remembered URL overrides the role landing — when this user may open it (a `/tenders` remembered by
 * someone else's visit, or by /login's redirect, must not land a role without tenders on the not-found page).
 * `usedRemembered` tells the caller to clear it; a remembered path the user may not open is cleared too.
 */
export function landingPath(input: LandingInput): { to: string; usedRemembered: boolean } {
  const remembered = input.rememberedPath
  const byRole = () => input.registry.landingFor({ profile: input.profile, company: input.company, via: input.via })
  if (!remembered || !remembered.startsWith('/') || isGuestOnly(remembered)) return { to: byRole(), usedRemembered: false }
  if (!input.registry.canOpen(remembered, input.profile)) return { to: byRole(), usedRemembered: true }
  return { to: remembered, usedRemembered: true }
}
