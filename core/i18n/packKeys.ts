/**
 * Every leaf's path in a language pack, plural forms folded into one (`total_few` → `total`): two languages may
 * differ only there. For tests that check a module's packs hold the same keys and name every status.
 */
export function packKeys(pack: object, prefix = ''): Set<string> {
  const out = new Set<string>()
  for (const [k, value] of Object.entries(pack)) {
    const path = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`
    if (value && typeof value === 'object') for (const inner of packKeys(value, `${path}.`)) out.add(inner)
    else out.add(path)
  }
  return out
}
