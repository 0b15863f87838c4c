import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { xlsxRecords } from './xlsx'

/** exceljs writes its sheets first and `xl/workbook.xml` last: the order that lost the workbook (see xlsx.ts). */
async function book(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Тендеры')
  sheet.addRow(['notification_number', 'name', 'protocol_date'])
  for (let i = 1; i <= rows; i++) sheet.addRow([`0373100000${i}`, `Закупка ${i}`, new Date(Date.UTC(2026, 10, i))])
  workbook.addWorksheet('Notes').addRow(['ignored'])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function read(bytes: Buffer) {
  const out = []
  for await (const record of xlsxRecords(Readable.from([bytes]))) out.push(record)
  return out
}

/** The reader is held on the workbook's relations (its second entry) while the parser runs on to the file's end. */
function slowReader() {
  const proto = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as { _parseRels(entry: unknown): Promise<void> }
  const parseRels = proto._parseRels
  vi.spyOn(proto, '_parseRels').mockImplementation(async function (this: unknown, entry) {
    await new Promise(resolve => setTimeout(resolve, 50))
    return parseRels.call(this, entry)
  })
}

describe('the streaming XLSX reader', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads the rows of the first sheet: text, dates as YYYY-MM-DD', async () => {
    const records = await read(await book(3))
    expect(records).toHaveLength(4)
    expect(records[0]).toEqual({ row: 1, cells: ['notification_number', 'name', 'protocol_date'] })
    expect(records[3]).toEqual({ row: 4, cells: ['03731000003', 'Закупка 3', '2026-11-03'] })
  })

  it('loses no entry when it reads slower than the parser reaches the end of the file', async () => {
    const bytes = await book(12)
    slowReader()
    const records = await read(bytes)
    expect(records.map(r => r.row)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1))
  })

  it('fails on a file cut short instead of waiting for the rest, slow or not', async () => {
    const bytes = await book(12)
    const cut = bytes.subarray(0, bytes.length - 200)
    await expect(read(cut)).rejects.toThrow()
    slowReader()
    await expect(read(cut)).rejects.toThrow()
  })
})
