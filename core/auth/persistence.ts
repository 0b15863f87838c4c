import { Subscription } from 'rxjs'
import type { Bus } from '../bus/bus'
import { createTokenStorage, STORAGE_KEY, type KeyValueStorage } from './storage'

/**
 * Edge adapter: mirrors the session's events into local storage (token, redirectPath). Logic never writes
 * storage itself, so a replay runs the same logic without it.
 */
export function attachAuthPersistence({ bus, storage }: { bus: Bus; storage: KeyValueStorage }): Subscription {
  const token = createTokenStorage(storage)
  const sub = new Subscription()
  sub.add(bus.on('auth/signedIn').subscribe(e => token.set(e.payload.token)))
  sub.add(bus.on('auth/loggedOut').subscribe(() => token.remove()))
  sub.add(bus.on('auth/pathRemembered').subscribe(e => storage.setItem(STORAGE_KEY.redirectPath, e.payload.path)))
  sub.add(bus.on('auth/rememberedPathCleared').subscribe(() => storage.removeItem(STORAGE_KEY.redirectPath)))
  return sub
}
