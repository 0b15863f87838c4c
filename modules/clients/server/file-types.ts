/**
 * Upload type check by content, not by the browser's claim: the first bytes must be one of the document
 * formats a company sends (SPEC §5 documents; multi-page documents as one PDF or one archive). Containers
 * (ZIP for OOXML, OLE for legacy Office) also need a matching extension, since their magic alone says little.
 */
interface Kind {
  mime: string
  magic: readonly number[][]
  /** Extensions accepted for this content; the first is used when the name has none. */
  extensions: readonly string[]
  /** Containers: the extension must be one of `extensions`. */
  strictExtension?: boolean
}

const KINDS: readonly Kind[] = [
  { mime: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]], extensions: ['pdf'] },
  { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]], extensions: ['jpg', 'jpeg'] },
  { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], extensions: ['png'] },
  { mime: 'image/tiff', magic: [[0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a]], extensions: ['tif', 'tiff'] },
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: [[0x50, 0x4b, 0x03, 0x04]],
    extensions: ['docx'],
    strictExtension: true,
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: [[0x50, 0x4b, 0x03, 0x04]],
    extensions: ['xlsx'],
    strictExtension: true,
  },
  { mime: 'application/zip', magic: [[0x50, 0x4b, 0x03, 0x04]], extensions: ['zip'], strictExtension: true },
  { mime: 'application/msword', magic: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], extensions: ['doc'], strictExtension: true },
  { mime: 'application/vnd.ms-excel', magic: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], extensions: ['xls'], strictExtension: true },
]

const extensionOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/** The MIME type of an accepted file, or null when the content (or a container's extension) is not allowed. */
export function detectFileType(head: Buffer, name: string): string | null {
  const ext = extensionOf(name)
  for (const kind of KINDS) {
    const matches = kind.magic.some(magic => magic.every((byte, i) => head[i] === byte))
    if (!matches) continue
    if (kind.strictExtension && !kind.extensions.includes(ext)) continue
    return kind.mime
  }
  return null
}

/** A trailing `.ext` with a letter in it (so `v1.2` keeps its number). */
const TRAILING_EXTENSION = /\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,5}$/i

/**
 * The name stored and served for content of type `mime`: a name whose extension already fits the content keeps it
 * (`photo.JPEG`), any other extension is replaced by the type's (`scan.exe` holding a PDF → `scan.pdf`), a name
 * without one gets it. What opens a download is its extension, so it must say what the bytes are.
 */
export function fileNameFor(name: string, mime: string): string {
  const kind = KINDS.find(k => k.mime === mime)
  if (!kind) return name
  if (kind.extensions.includes(extensionOf(name))) return name
  const stem = name.replace(TRAILING_EXTENSION, '') || 'file'
  return `${stem}.${kind.extensions[0]}`
}

/** A user-given file name made safe to store and to send back in Content-Disposition. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200)
  return clean || 'file'
}

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266). */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
