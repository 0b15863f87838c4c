/**
 * The INN check digits (ФНС order, SPEC §5 inn): 10 digits for a company, 12 for a person or sole proprietor.
 * Shared by every module that reads an INN (company forms, the tender import), so the arithmetic exists once.
 */
export function isInnChecksumValid(inn: string): boolean {
  if (!/^\d{10}$|^\d{12}$/.test(inn)) return false
  const d = Array.from(inn, Number)
  const check = (weights: readonly number[]) => (weights.reduce((sum, w, i) => sum + w * d[i]!, 0) % 11) % 10
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9]
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11]
}
