export { ROLE, ROLES, type Role, type Profile, type CompanySummary, type SignInResult, type SignInMethod } from './profile'
export { $authStatus, $token, $hasToken, $profile, $company, $signInMethod, $signInError, $registerError, $rememberedPath, $session } from './model'
export { authCommands, LOGOUT_SOCKET_ACTION } from './commands'
export { authProcess } from './process'
export { attachAuthPersistence } from './persistence'
export { memoryStorage, browserStorage, createTokenStorage, STORAGE_KEY, type KeyValueStorage, type TokenStorage } from './storage'
export {
  decideRoute, landingPath, isGuestOnly, pathname, GUEST_ONLY_PATHS, GUEST_PAGE_REDIRECT, LOGIN_PATH,
  type AuthStatus, type RouteInput, type RouteDecision, type LandingInput,
} from './route'
