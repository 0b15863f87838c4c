import { combine, createStore } from 'effector'
import type { Failure } from '../api/envelope'
import { onBus } from '../events/effector'
import type { CompanySummary, Profile, SignInMethod } from './profile'
import type { AuthStatus } from './route'

const loggedOut = onBus('auth/loggedOut')

/** SPEC §4 Authentication: empty → loading → success | error; back to empty on sign-out. */
export const $authStatus = createStore<AuthStatus>('empty')
  .on(onBus('auth/signInRequested'), () => 'loading')
  .on(onBus('auth/registerRequested'), () => 'loading')
  .on(onBus('auth/profileRequested'), () => 'loading')
  .on(onBus('auth/profileLoaded'), () => 'success')
  .on(onBus('auth/signInFailed'), () => 'error')
  .on(onBus('auth/registerFailed'), () => 'error')
  .on(onBus('auth/profileFailed'), () => 'error')
  .on(loggedOut, () => 'empty')

/** The bearer token (redacted to `[redacted]` in replays: only its presence matters there). */
export const $token = createStore<string | null>(null)
  .on(onBus('app/started'), (token, { token: stored }) => stored ?? token)
  .on(onBus('auth/signedIn'), (_, { token }) => token)
  .on(loggedOut, () => null)

export const $hasToken = $token.map(token => token !== null)

export const $profile = createStore<Profile | null>(null)
  .on(onBus('auth/profileLoaded'), (_, { profile }) => profile)
  .on(loggedOut, () => null)

/** Role 10's own company; null for other roles. */
export const $company = createStore<CompanySummary | null>(null)
  .on(onBus('auth/profileLoaded'), (_, { company }) => company)
  .on(onBus('auth/companyChanged'), (own, { company }) => (own && own.id === company.id ? company : own))
  .on(onBus('auth/ownCompanyCreated'), (_, { company }) => company)
  .on(loggedOut, () => null)

/** How this session began; `restored` when it came from a stored token. */
export const $signInMethod = createStore<SignInMethod | null>(null)
  .on(onBus('app/started'), (method, { token }) => (token ? 'restored' : method))
  .on(onBus('auth/signedIn'), (_, { method }) => method)
  .on(loggedOut, () => null)

/** The last sign-in failure for the login form (validation map under the fields, else the message). */
export const $signInError = createStore<Failure | null>(null)
  .on(onBus('auth/signInFailed'), (_, { failure }) => failure)
  .reset(onBus('auth/signInRequested'), onBus('auth/signedIn'), loggedOut)

export const $registerError = createStore<Failure | null>(null)
  .on(onBus('auth/registerFailed'), (_, { failure }) => failure)
  .reset(onBus('auth/registerRequested'), onBus('auth/signedIn'), loggedOut)

/** `redirectPath`: where to land after the next sign-in. */
export const $rememberedPath = createStore<string | null>(null)
  .on(onBus('app/started'), (path, { rememberedPath }) => rememberedPath ?? path)
  .on(onBus('auth/pathRemembered'), (_, { path }) => path)
  .reset(onBus('auth/rememberedPathCleared'))

export const $session = combine({ status: $authStatus, profile: $profile, company: $company, hasToken: $hasToken })
