/**
 * Check digits defined by Russian law for the company and person identifiers (SPEC §5). Every function takes
 * the bare digits (masks already stripped) and answers false for anything of the wrong shape, so a caller
 * can run it on any input; the length rules report the shape, these only the arithmetic.
 */

const digitsOf = (s: string): number[] => Array.from(s, Number)

function weighted(digits: readonly number[], weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0)
}

/** INN: the check lives in core/validation, shared with the tender import. */
export { isInnChecksumValid } from '../../../core/validation/inn'

/** `body mod divisor mod 10` equals the last digit (BigInt keeps 14-digit bodies exact). */
function remainderCheck(value: string, length: number, divisor: bigint): boolean {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) return false
  const body = BigInt(value.slice(0, -1))
  return Number((body % divisor) % 10n) === Number(value.slice(-1))
}

/** OGRN: 13 digits, the first 12 mod 11 mod 10 is the last. */
export const isOgrnChecksumValid = (ogrn: string): boolean => remainderCheck(ogrn, 13, 11n)

/** OGRNIP: 15 digits, the first 14 mod 13 mod 10 is the last. */
export const isOgrnipChecksumValid = (ogrnip: string): boolean => remainderCheck(ogrnip, 15, 13n)

/**
 * SNILS (11 digits): the first nine weighted 9..1; sum < 100 is the check number, 100 and 101 give 00, above
 * that the sum mod 101 (100 again giving 00). Numbers up to 001-001-998 predate the check and always pass.
 */
export function isSnilsChecksumValid(snils: string): boolean {
  if (!/^\d{11}$/.test(snils)) return false
  const body = snils.slice(0, 9)
  if (Number(body) <= 1_001_998) return true
  const sum = weighted(digitsOf(body), [9, 8, 7, 6, 5, 4, 3, 2, 1])
  const mod = sum % 101
  const expected = mod === 100 ? 0 : mod
  return expected === Number(snils.slice(9))
}

/** Bank of Russia key: 23 digits weighted 7,1,3 repeating; the sum ends in 0. */
function accountKey(prefix: string, account: string): boolean {
  if (!/^\d{3}$/.test(prefix) || !/^\d{20}$/.test(account)) return false
  const all = digitsOf(prefix + account)
  const weights = all.map((_, i) => [7, 1, 3][i % 3] ?? 0)
  return weighted(all, weights) % 10 === 0
}

/** A settlement account at a bank: the key runs over the BIK's last three digits and the account. */
export function isSettlementAccountValidForBik(account: string, bik: string): boolean {
  if (!/^\d{9}$/.test(bik)) return false
  return accountKey(bik.slice(-3), account)
}

/** A correspondent account: the key runs over "0", the BIK's 5th and 6th digits, and the account. */
export function isCorrespondentAccountValidForBik(account: string, bik: string): boolean {
  if (!/^\d{9}$/.test(bik)) return false
  return accountKey(`0${bik.slice(4, 6)}`, account)
}

/** The check digit an INN would need (for seeds and tests). */
export function completeInn(first: string): string {
  const d = digitsOf(first)
  const check = (weights: readonly number[], digits: readonly number[]) => (weighted(digits, weights) % 11) % 10
  if (first.length === 9) return first + check([2, 4, 10, 3, 5, 9, 4, 6, 8], d)
  if (first.length === 10) {
    const n11 = check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8], d)
    const n12 = check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8], [...d, n11])
    return `${first}${n11}${n12}`
  }
  throw new Error('completeInn takes 9 or 10 digits')
}

/** The check digit an OGRN (12 digits in) or OGRNIP (14 digits in) would need. */
export function completeOgrn(first: string): string {
  if (first.length !== 12 && first.length !== 14) throw new Error('completeOgrn takes 12 or 14 digits')
  const divisor = first.length === 12 ? 11n : 13n
  return first + String((BigInt(first) % divisor) % 10n)
}

/** The SNILS check number for nine digits. */
export function completeSnils(first: string): string {
  const sum = weighted(digitsOf(first), [9, 8, 7, 6, 5, 4, 3, 2, 1])
  const mod = sum % 101
  return first + String(mod === 100 ? 0 : mod).padStart(2, '0')
}

/** Replaces the account's key digit (the 9th) so it passes the check for this BIK (for seeds and tests). */
export function completeSettlementAccount(account20: string, bik: string, correspondent = false): string {
  const valid = correspondent ? isCorrespondentAccountValidForBik : isSettlementAccountValidForBik
  for (let k = 0; k <= 9; k++) {
    const candidate = `${account20.slice(0, 8)}${k}${account20.slice(9)}`
    if (valid(candidate, bik)) return candidate
  }
  throw new Error('no key digit fits')
}
