/**
 * The user's search input made comparable with stored text: the same steps as the database's `search_text()`
 * (drizzle/0007_pg_trgm.sql, plpgsql since 0008), which the trigram indexes are built on — lower case, ё as е,
 * quotes, «» and no-break spaces as spaces, runs of spaces as one, trimmed. normalise.server.test.ts holds the
 * two together on both databases.
 */
export function searchText(input: string): string {
  return input
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"'“”„‟‘’`\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Numbers as typed with masks, spaces or dashes (`+7 (912) 345-67-89`, `7707 083893`) reduced to their digits. */
export function searchDigits(input: string): string {
  return input.replace(/\D/g, '')
}

/** `%`, `_` and `\` in the input match themselves in a LIKE pattern. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, c => `\\${c}`)
}
