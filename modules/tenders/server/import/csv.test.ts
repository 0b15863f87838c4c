import { describe, expect, it } from 'vitest'
import { csvRecords, NotText, separatorOf } from './csv'

async function read(text: string | Buffer, chunkSize = 3) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text)
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize)
  }
  const out = []
  for await (const record of csvRecords(chunks())) out.push(record)
  return out
}

describe('the streaming CSV reader', () => {
  it('reads records split anywhere across chunks: quotes, doubled quotes, line breaks in cells, CRLF, a BOM', async () => {
    const text = '\ufeffa;b;c\r\n"x;1";"he said ""hi""";"two\r\nlines"\r\n\r\nплюс;;end'
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(await read(text, size)).toEqual([
        { row: 1, cells: ['a', 'b', 'c'] },
        { row: 2, cells: ['x;1', 'he said "hi"', 'two\r\nlines'] },
        // row 3 is the blank line: counted, not returned
        { row: 4, cells: ['плюс', '', 'end'] },
      ])
    }
  })

  it('takes the separator the header uses more (outside quotes)', () => {
    expect(separatorOf('a;b;c')).toBe(';')
    expect(separatorOf('a,b,c')).toBe(',')
    expect(separatorOf('"a;b;c",d,e')).toBe(',')
    expect(separatorOf('name')).toBe(';')
  })

  it('reads Windows-1251 when the bytes are not UTF-8', async () => {
    const cp1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x2c, 0x31, 0x0a]) // "Привет,1\n"
    expect(await read(cp1251)).toEqual([{ row: 1, cells: ['Привет', '1'] }])
  })

  it('refuses bytes that are no text', async () => {
    await expect(read(Buffer.from([0x41, 0x00, 0x42, 0x0a]))).rejects.toBeInstanceOf(NotText)
  })
})
