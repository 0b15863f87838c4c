/** `2024-08-16` → `16.08.2024` (the masked reading the date fields show). */
export function isoToRu(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ''
}
