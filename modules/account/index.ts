import { anyone } from '../../core/access'
import { definePlugin } from '../../core/plugin/types'
import { accountCommands } from './commands'
import { emailCommands } from './email-change'
import { POLICY_PATHS } from './policies'
import { accountProcess } from './process'
// Stores must exist before the events they fold arrive, not when a lazy screen first imports them.
import './model'

/** Signing in, registering, recovering a password and the user's own profile. */
export default definePlugin({
  id: 'account',
  routes: [
    { path: '/', page: () => import('./ui/HomePage'), access: 'public', bare: 'guest' },
    { path: '/login', page: () => import('./ui/LoginPage'), access: 'public', bare: true, texts: 'login' },
    { path: '/register', page: () => import('./ui/RegisterPage'), access: 'public', bare: true },
    { path: POLICY_PATHS.personalData, page: () => import('./ui/PolicyPage').then(m => ({ default: m.PersonalDataPolicyPage })), access: 'public', bare: true },
    { path: POLICY_PATHS.edo, page: () => import('./ui/PolicyPage').then(m => ({ default: m.EdoRegulationPage })), access: 'public', bare: true },
    { path: '/profile', page: () => import('./ui/ProfilePage'), access: anyone },
    // The link of the e-mail change's letter: public, as it may be opened signed out or on another device.
    { path: '/confirm-email', page: () => import('./ui/ConfirmEmailPage'), access: 'public', bare: true },
  ],
  commands: { ...accountCommands, ...emailCommands },
  processes: [accountProcess],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
    // The sign-in form's texts in the first load, not the registration's or the profile's; its recovery dialog and the
    // signature sign-in (both opened on demand) bring their own.
    parts: {
      login: { ru: () => import('./i18n/ru.json?sections=login,footer&part'), en: () => import('./i18n/en.json?sections=login,footer&part') },
      restore: { ru: () => import('./i18n/ru.json?sections=restore&part'), en: () => import('./i18n/en.json?sections=restore&part') },
      certificates: { ru: () => import('./i18n/ru.json?sections=certificates&part'), en: () => import('./i18n/en.json?sections=certificates&part') },
    },
  },
})
