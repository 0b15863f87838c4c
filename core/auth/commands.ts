import { asFailure } from '../api/client'
import type { CommandHandlers } from '../bus/commands'
import type { RegisterForm } from '../validation/forms'
import { ROLE, type CompanySummary, type Profile, type SignInResult } from './profile'
import type { RouteDecision } from './route'

declare module '../bus/commands' {
  interface CommandMap {
    'auth/signInWithCertificate': { signature: string; hash: string }
    'auth/register': RegisterForm
    /** GET v1/profile (+ v1/company for role 10); modules dispatch it to refresh the session's profile. */
    'auth/loadProfile': Record<string, never>
    /** Carries out what `decideRoute` decided (the router dispatches it). */
    'auth/applyRoute': RouteDecision
  }
}

export const LOGOUT_SOCKET_ACTION = { type: 2, action: 'userAfterLogout' } as const

/**
 * Handlers do one request each and report by events; what follows (loading the profile, landing) is the auth
 * process reacting to those events, so a replay derives it again. Sign-in and register are quiet: the form
 * shows their failures (SPEC §8 "Login failure").
 */
export const authCommands: CommandHandlers = {
  'auth/signIn': async ({ phone, password }, ctx) => {
    ctx.bus.emit('auth/signInRequested', { method: 'password' }, ctx.source)
    try {
      // The masked form as typed: the server checks it with the same signInForm schema the form uses.
      const data = await ctx.api.post<SignInResult>('v1/users/sign-in', { phone, password }, { quiet: true })
      ctx.bus.emit('auth/signedIn', { token: data.token, method: 'password' }, 'api')
    } catch (error) {
      ctx.bus.emit('auth/signInFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'auth/signInWithCertificate': async ({ signature, hash }, ctx) => {
    ctx.bus.emit('auth/signInRequested', { method: 'certificate' }, ctx.source)
    try {
      const data = await ctx.api.post<SignInResult>('v1/users/sign-in', { signature, hash }, { quiet: true })
      ctx.bus.emit('auth/signedIn', { token: data.token, method: 'certificate' }, 'api')
    } catch (error) {
      ctx.bus.emit('auth/signInFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'auth/register': async (form, ctx) => {
    ctx.bus.emit('auth/registerRequested', {}, ctx.source)
    try {
      const data = await ctx.api.post<SignInResult | null>('v1/users/register', form, { quiet: true })
      // The server signs a new client in at once; without a token the user signs in by hand.
      if (data?.token) ctx.bus.emit('auth/signedIn', { token: data.token, method: 'password' }, 'api')
      else ctx.bus.emit('app/navigationRequested', { to: '/login', replace: true }, 'api')
    } catch (error) {
      ctx.bus.emit('auth/registerFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'auth/loadProfile': async (_, ctx) => {
    ctx.bus.emit('auth/profileRequested', {}, ctx.source)
    try {
      // 6969 here is handled by the auth process (token removed, go to /), not by the client's /login redirect.
      const profile = await ctx.api.get<Profile>('v1/profile', { sessionRedirect: false })
      const company = profile.role === ROLE.client ? await ctx.api.get<CompanySummary | null>('v1/company', { sessionRedirect: false }) : null
      ctx.bus.emit('auth/profileLoaded', { profile, company }, 'api')
    } catch (error) {
      ctx.bus.emit('auth/profileFailed', { failure: asFailure(error) }, 'api')
    }
  },

  /**
   * SPEC §7 Logout, all synchronous so it completes even offline: the socket tells the user's other tabs
   * (userAfterLogout), the server is told without waiting (the request carries the token read just before it
   * is dropped), the session ends, and the user goes to /login.
   */
  'auth/logout': ({ reason = 'user' }, ctx) => {
    ctx.bus.emit('socket/sendRequested', { message: { ...LOGOUT_SOCKET_ACTION } }, ctx.source)
    ctx.api.get('v1/users/logout', { quiet: true, sessionRedirect: false }).catch(() => {})
    ctx.bus.emit('auth/loggedOut', { reason }, ctx.source)
    ctx.bus.emit('app/navigationRequested', { to: '/login', replace: true }, ctx.source)
  },

  'auth/applyRoute': (decision, ctx) => {
    if (decision.dropToken) ctx.bus.emit('auth/loggedOut', { reason: 'dropped' }, ctx.source)
    if (decision.remember) ctx.bus.emit('auth/pathRemembered', { path: decision.remember }, ctx.source)
    if (decision.redirect) ctx.bus.emit('app/navigationRequested', { to: decision.redirect, replace: true }, ctx.source)
  },
}
