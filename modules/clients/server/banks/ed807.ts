/**
 * A reader of the central bank's BIK directory (ED807, the XML the bank publishes daily): one entry per BIK with
 * the participant's name, its settlement place and its correspondent account. The file is small (a few MB), so
 * it is read whole and scanned with a few regular expressions instead of a full XML parser: the format is flat
 * and machine-written (attributes in double quotes, no CDATA).
 */
import type { DirectoryBank } from '../../contract'

export type { DirectoryBank } from '../../contract'

/** ED807 is published in windows-1251; the declaration says which. */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200))
  const declared = /encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8'
  return new TextDecoder(declared === 'windows-1251' || declared === 'cp1251' ? 'windows-1251' : 'utf-8').decode(bytes)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescape = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10))
    return ENTITIES[name] ?? whole
  })

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) out[m[1]!.replace(/^\w+:/, '')] = unescape(m[2]!)
  return out
}

/** Tags with an optional namespace prefix (`<ed:BICDirectoryEntry …>`). */
const ENTRY = /<(?:\w+:)?BICDirectoryEntry\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?BICDirectoryEntry>)/g
const tags = (body: string, name: string) => [...body.matchAll(new RegExp(`<(?:\\w+:)?${name}\\b([^>]*)>`, 'g'))].map(m => attributes(m[1]!))

/**
 * The banks of an ED807 document. An entry without a nine-digit BIC or a name is skipped; the correspondent
 * account is the CRSA account that is in force (ACAC), else the first CRSA one listed.
 */
export function parseEd807(xml: string): DirectoryBank[] {
  const banks: DirectoryBank[] = []
  for (const entry of xml.matchAll(ENTRY)) {
    const bik = attributes(entry[1]!).BIC ?? ''
    const body = entry[2] ?? ''
    const info = tags(body, 'ParticipantInfo')[0]
    const name = info?.NameP?.trim()
    if (!/^\d{9}$/.test(bik) || !name) continue
    const crsa = tags(body, 'Accounts').filter(a => a.RegulationAccountType === 'CRSA' && /^\d{20}$/.test(a.Account ?? ''))
    const account = crsa.find(a => (a.AccountStatus ?? 'ACAC') === 'ACAC') ?? crsa[0]
    banks.push({ bik, name, correspondent_account: account?.Account ?? null, city: info?.Nnp?.trim() || null })
  }
  return banks
}
