import { Subscription } from 'rxjs'
import { SESSION_EXPIRED_CODE } from '../api/envelope'
import type { AppEvent } from '../events/map'
import type { Registry } from '../plugin/registry'
import type { ProcessDeps } from '../plugin/types'
import { $rememberedPath } from './model'
import type { SignInMethod } from './profile'
import { landingPath } from './route'

/**
 * The session's logic over the bus: a stored token or a fresh sign-in loads the profile; a sign-in lands the
 * user (remembered path first when they may open it, SPEC §6) — once every module is installed, as the landing
 * rules and the pages are theirs; a profile answer with 6969 ends the session and goes to / (SPEC §8). The
 * remembered path is read from its store, never copied.
 */
export function authProcess({ bus, commands, read, registry }: ProcessDeps & { registry: Pick<Registry, 'landingFor' | 'canOpen' | 'complete'> }): Subscription {
  let landingVia: SignInMethod | null = null
  let signedIn: AppEvent<'auth/profileLoaded'>['payload'] | null = null
  const land = () => {
    if (!landingVia || !signedIn || !registry.complete) return
    const { to, usedRemembered } = landingPath({ registry, ...signedIn, via: landingVia, rememberedPath: read($rememberedPath) })
    landingVia = null
    if (usedRemembered) bus.emit('auth/rememberedPathCleared', {}, 'process')
    bus.emit('app/navigationRequested', { to, replace: true }, 'process')
  }
  const sub = new Subscription()
  sub.add(
    bus.on('app/started').subscribe(e => {
      if (e.payload.token) void commands.dispatch('auth/loadProfile', {}, 'process')
    }),
  )
  sub.add(
    bus.on('auth/signedIn').subscribe(e => {
      landingVia = e.payload.method
      void commands.dispatch('auth/loadProfile', {}, 'process')
    }),
  )
  sub.add(
    bus.on('auth/profileLoaded').subscribe(e => {
      signedIn = e.payload
      land()
    }),
  )
  sub.add(bus.on('app/modulesInstalled').subscribe(land))
  sub.add(
    bus.on('auth/profileFailed').subscribe(e => {
      landingVia = null
      if (e.payload.failure.code !== SESSION_EXPIRED_CODE) return
      bus.emit('auth/loggedOut', { reason: 'expired' }, 'process')
      bus.emit('app/navigationRequested', { to: '/', replace: true }, 'process')
    }),
  )
  sub.add(
    bus.on('auth/loggedOut').subscribe(() => {
      landingVia = null
      signedIn = null
    }),
  )
  return sub
}
