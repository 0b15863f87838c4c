import account from '../modules/account'
import type { Plugin } from '../core/plugin/types'

/**
 * The modules the first load knows: what a guest opens first — signing in, registering, recovering a password, the
 * policies. Every other module and the shell's own plugin are fetched when a session begins (a stored token, a
 * sign-in asked for) or a page these do not know is opened (RuntimeOptions.rest), so /login carries no other
 * module's declarations, routes or chunk map. `app/modules.ts` stays the one list of modules; these are among them.
 */
export const firstModules: readonly Plugin[] = [account]

/** Everything a session may use: the shell's plugin and every module (the first ones again, installed already). */
export const everyModule = (): Promise<readonly Plugin[]> =>
  Promise.all([import('./shell.plugin'), import('./modules')]).then(([shell, all]) => [shell.shellPlugin, ...all.modules])
