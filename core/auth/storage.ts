/** The subset of the Web Storage API the app uses; `localStorage` fits, tests pass `memoryStorage()`. */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Local-storage keys of SPEC §2/§4 (the names the original product used). */
export const STORAGE_KEY = {
  token: 'token',
  redirectPath: 'redirectPath',
  locale: 'locale',
} as const

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial))
  return {
    getItem: key => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: key => void map.delete(key),
  }
}

/** `localStorage` when the browser lets us use it (private modes may throw), else memory. */
export function browserStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage
    const probe = '__probe__'
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return storage
  } catch {
    return memoryStorage()
  }
}

export interface TokenStorage {
  get(): string | null
  set(token: string): void
  remove(): void
}

export function createTokenStorage(storage: KeyValueStorage): TokenStorage {
  return {
    get: () => storage.getItem(STORAGE_KEY.token) || null,
    set: token => storage.setItem(STORAGE_KEY.token, token),
    remove: () => storage.removeItem(STORAGE_KEY.token),
  }
}
