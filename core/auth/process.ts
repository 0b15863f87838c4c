import { Subscription } from 'rxjs'
import { SESSION_EXPIRED_CODE } from '../api/envelope'
import type { Bus } from '../bus/bus'
import type { CommandBus } from '../bus/commands'
import type { Registry } from '../plugin/registry'
import type { SignInMethod } from './profile'
import { landingPath } from './route'

/**
 * The session's logic over the bus: a stored token or a fresh sign-in loads the profile; a sign-in lands the
 * user (remembered path first, SPEC §6); a profile answer with 6969 ends the session and goes to / (SPEC §8).
 */
export function authProcess({ bus, commands, registry }: { bus: Bus; commands: CommandBus; registry: Pick<Registry, 'landingFor'> }): Subscription {
  let landingVia: SignInMethod | null = null
  let remembered: string | null = null
  const sub = new Subscription()

  sub.add(
    bus.on('app/started').subscribe(e => {
      remembered = e.payload.rememberedPath ?? remembered
      if (e.payload.token) void commands.dispatch('auth/loadProfile', {}, 'process')
    }),
  )
  sub.add(bus.on('auth/pathRemembered').subscribe(e => (remembered = e.payload.path)))
  sub.add(bus.on('auth/rememberedPathCleared').subscribe(() => (remembered = null)))
  sub.add(
    bus.on('auth/signedIn').subscribe(e => {
      landingVia = e.payload.method
      void commands.dispatch('auth/loadProfile', {}, 'process')
    }),
  )
  sub.add(
    bus.on('auth/profileLoaded').subscribe(e => {
      if (!landingVia) return
      const { to, usedRemembered } = landingPath({ registry, ...e.payload, via: landingVia, rememberedPath: remembered })
      landingVia = null
      if (usedRemembered) bus.emit('auth/rememberedPathCleared', {}, 'process')
      bus.emit('app/navigationRequested', { to, replace: true }, 'process')
    }),
  )
  sub.add(
    bus.on('auth/profileFailed').subscribe(e => {
      landingVia = null
      if (e.payload.failure.code !== SESSION_EXPIRED_CODE) return
      bus.emit('auth/loggedOut', { reason: 'expired' }, 'process')
      bus.emit('app/navigationRequested', { to: '/', replace: true }, 'process')
    }),
  )
  sub.add(bus.on('auth/loggedOut').subscribe(() => (landingVia = null)))
  return sub
}
