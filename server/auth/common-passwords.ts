import { createRequire } from 'node:module'
import { invalidInput } from '../http/errors'

/** The same password however it is typed: case and spaces do not make a common password uncommon. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC').toLowerCase().replace(/\s+/g, '')
}

let common: Set<string> | null = null

/**
 * The ~50 000 most common passwords (@zxcvbn-ts/language-common), read on first use and kept: server only,
 * so the browser bundle never carries the list (the form checks only the SPEC §5 minimum of 6).
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url)
    const list = (require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> }).dictionary['passwords-common'] ?? []
    common = new Set(list.map(normalizePassword))
  }
  return common
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalizePassword(password))
}

/** Refuses a new password found in the list, with a message on its field (registration, change, set by a manager). */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw invalidInput({ [field]: 'validation:commonPassword' })
}
