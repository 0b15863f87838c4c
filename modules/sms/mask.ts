/**
 * An SMS text as administrators may read it (issue 13 §4): registration codes and recovered passwords hidden. Two
 * rules, both on the safe side:
 * - anything after a word starting with "пароль"/"password"/"код"/"code" (a label such as "регистрации:" up to a
 *   colon or dash is kept, so the reader still sees what kind of SMS it was);
 * - any run of 4–8 digits elsewhere (a code without a label; an 11-digit phone stays readable).
 * The server masks before answering: the raw text never leaves it.
 */
export const MASK = '••••'

/** The keyword, as the start of a word (Cyrillic too: JS's \b knows only ASCII letters). */
const SECRET_AFTER = /(?<![\p{L}\d])(пароль|парол\p{L}*|password\p{L}*|код\p{L}*|code\p{L}*)/iu
/**
 * What may follow the keyword and still be shown: a few words of letters ending in ":" or a spaced dash ("пароль —").
 * Letters only, and a dash only after a space, so a secret such as "Zx81-qq" is never taken for a label.
 */
const LABEL = /^(\s*[\p{L}\s]{0,40}?(?::|\s[-—])\s*|\s*)/u
const DIGIT_RUN = /(?<!\d)\d{4,8}(?!\d)/g

export function maskSmsText(text: string): string {
  const keyword = SECRET_AFTER.exec(text)
  let shown = text
  if (keyword) {
    const after = keyword.index + keyword[0].length
    const rest = text.slice(after)
    const label = LABEL.exec(rest)?.[0] ?? ''
    // A label that swallows the secret itself ("код 4821" has none) keeps only its separator's part.
    const hidden = rest.slice(label.length)
    shown = text.slice(0, after) + label + (hidden.trim() ? MASK : '')
  }
  return shown.replace(DIGIT_RUN, MASK)
}
