/** Numbers of the partners' conditions in the reader's locale. */
export function formatNumber(locale: string, value: number, digits = 2): string {
  return new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: digits }).format(value)
}

/** A form field's text for a number (what the user edits); null → ''. */
export const fieldText = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value))
