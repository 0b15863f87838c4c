/**
 * A streaming CSV reader for tender files: records come out while the bytes still arrive, so a file of tens of
 * megabytes is never held whole. It handles what spreadsheets write: a UTF-8 byte-order mark, Windows-1251 when
 * the bytes are not UTF-8 (Excel's "CSV" in a Russian locale), `;` or `,` separators (whichever the header line
 * uses more), quoted fields with doubled quotes and line breaks inside, CRLF or LF line ends.
 */

/** A record and its number in the file (the header is 1), as a spreadsheet would show it. */
export interface FileRecord {
  row: number
  cells: string[]
}

/** Bytes that are not text in any encoding we read (a NUL): the caller answers "not a CSV". */
export class NotText extends Error {}

function decoderFor(first: Uint8Array): TextDecoder {
  try {
    // A probe only: a multi-byte character cut at the chunk's end is not an error (stream: true).
    new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true })
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  } catch {
    return new TextDecoder('windows-1251')
  }
}

/** The separator of a header line: `;` unless commas outnumber it outside quotes. */
export function separatorOf(headerLine: string): ';' | ',' {
  let semicolons = 0
  let commas = 0
  let quoted = false
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch === ';') semicolons++
    else if (!quoted && ch === ',') commas++
  }
  return commas > semicolons ? ',' : ';'
}

export async function* csvRecords(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<FileRecord> {
  let decoder: TextDecoder | null = null
  let separator: ';' | ',' | null = null
  let pending = '' // text before the separator is known (the header line is not complete yet)
  let cells: string[] = []
  let field = ''
  let quoted = false
  let quoteSeen = false // a quote inside quotes: the end of the field, or the first half of ""
  let row = 1
  let afterCr = false // a \r ended the record: a \n right after it (even in the next chunk) is the same line end
  let out: FileRecord[] = []

  const endRecord = () => {
    cells.push(field)
    field = ''
    // A blank line is still a row of the file (the numbering matches the spreadsheet), but carries nothing.
    if (cells.length > 1 || cells[0] !== '') out.push({ row, cells })
    cells = []
    row++
  }

  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!
      if (afterCr) {
        afterCr = false
        if (ch === '\n') continue
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false
          if (ch === '"') {
            field += '"'
            continue
          }
          quoted = false // the closing quote: this character is read as outside quotes below
        } else if (ch === '"') {
          quoteSeen = true
          continue
        } else {
          field += ch
          continue
        }
      }
      if (ch === '"' && field === '') quoted = true
      else if (ch === separator) {
        cells.push(field)
        field = ''
      } else if (ch === '\n') endRecord()
      else if (ch === '\r') {
        endRecord()
        afterCr = true
      } else field += ch
    }
  }

  const take = (text: string) => {
    if (text.includes('\0')) throw new NotText()
    if (separator === null) {
      pending += text
      const end = pending.search(/[\r\n]/)
      if (end < 0) return
      separator = separatorOf(pending.slice(0, end))
      text = pending
      pending = ''
    }
    feed(text)
  }

  for await (const chunk of chunks) {
    decoder ??= decoderFor(chunk)
    take(decoder.decode(chunk, { stream: true }))
    yield* out
    out = []
  }
  if (decoder) take(decoder.decode())
  if (separator === null && pending !== '') {
    separator = separatorOf(pending)
    feed(pending)
  }
  // The last record may end without a line break; a closing quote may still be pending.
  if (quoteSeen) quoted = false
  if (field !== '' || cells.length > 0) endRecord()
  yield* out
}
