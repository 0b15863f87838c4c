import ExcelJS from 'exceljs'
import { eq, sql } from 'drizzle-orm'
import { expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { testModules } from '../../server/testing/modules'
import { describeEachDb, type TestContext } from '../../server/testing/harness'
import { IMPORT_COLUMNS, REPORT_CAP, type ImportColumn, type TenderImport } from './import/contract'
import { tenderRow } from './server/generate'
import { sampleCells, sampleCsv } from './server/import/sample'
import { tenderImports, tenders } from './tables'

const NOW = Date.parse('2026-11-24T09:00:00Z')
const EN = { 'accept-language': 'en' }

async function signedIn(ctx: TestContext, fields: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await ctx.createUser(fields)
  return { ...user, token: await ctx.signIn(user.phone, user.password) }
}
const admin = (ctx: TestContext) => signedIn(ctx, { role: 100, full_name: 'Админов Админ' })

/** A multipart/form-data body with one file part. */
function multipart(name: string, content: Buffer | string, field = 'file') {
  const boundary = `----tenders${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

function upload(ctx: TestContext, token: string | null, name: string, content: Buffer | string, field?: string) {
  const { payload, headers } = multipart(name, content, field)
  return ctx.app.inject({ method: 'POST', url: '/api/v1/tenders/import', payload, headers: { ...headers, ...EN, ...(token ? { authorization: `Bearer ${token}` } : {}) } })
}

const rows = (from: number, count: number) => Array.from({ length: count }, (_, k) => sampleCells(from + k, NOW))
const countTenders = async (ctx: TestContext) => Number((await ctx.db.select({ n: sql<number>`count(*)` }).from(tenders))[0]!.n)

async function xlsxOf(cells: Record<ImportColumn, string | number | Date>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Тендеры')
  sheet.addRow([...IMPORT_COLUMNS])
  for (const r of cells) sheet.addRow(IMPORT_COLUMNS.map(c => r[c]))
  book.addWorksheet('Notes').addRow(['ignored'])
  return Buffer.from(await book.xlsx.writeBuffer())
}

describeEachDb('tenders: the tender file import (issue 12 §5)', ctx => {
  it('answers a multipart body cut before its end with the envelope, whatever the file has started with', async () => {
    const { token } = await admin(ctx)
    for (const start of ['%PDF', 'notification_number;name', '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tenders/import',
        payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${start}`,
        headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
      })
      expect([400, 422], `${start}: ${res.body}`).toContain(res.statusCode)
      expect(res.json().result).toBe(false)
    }
    // No import is left "running" by a body that never ended.
    expect((await ctx.db.select().from(tenderImports)).filter(i => i.status === 'running')).toEqual([])
  })

  it('imports a good CSV: every tender with its fields, and the import in the history', async () => {
    const a = await admin(ctx)
    const res = await upload(ctx, a.token, 'tenders.csv', sampleCsv(rows(0, 30)))
    expect(res.statusCode, res.body).toBe(200)
    const record: TenderImport = res.json().data
    expect(record).toMatchObject({ status: 'imported', rows: 30, inserted: 30, updated: 0, problems: [], problems_truncated: false, file_name: 'tenders.csv', user: { id: a.id, name: 'Админов Админ' } })
    expect(record.size).toBe(Buffer.byteLength(sampleCsv(rows(0, 30))))
    expect(await countTenders(ctx)).toBe(30)
    const expected = tenderRow(7, NOW)
    const [stored] = await ctx.db.select().from(tenders).where(eq(tenders.notification_number, expected.notification_number))
    expect(stored).toMatchObject({
      name: expected.name,
      federal_law: expected.federal_law,
      region: expected.region,
      initial_price: expected.initial_price,
      contract_price: expected.contract_price,
      guarantee_amount: expected.guarantee_amount,
      protocol_date: expected.protocol_date,
      winner_inn: expected.winner_inn,
      winner_kpp: expected.winner_kpp,
      winner_phone: expected.winner_phone,
    })
    const history = await ctx.call('GET', '/api/v1/tenders/imports', a.token)
    expect(history.json().data.map((i: TenderImport) => i.id)).toEqual([record.id])
    const one = await ctx.call('GET', `/api/v1/tenders/import/${record.id}`, a.token)
    expect(one.json().data).toEqual(record)
    expect((await ctx.call('GET', '/api/v1/tenders/import/999', a.token)).statusCode).toBe(404)
  })

  it('reads a comma-separated Windows-1251 CSV with quotes, line breaks in a cell and DD.MM.YYYY dates', async () => {
    const a = await admin(ctx)
    const r = sampleCells(3, NOW)
    const header = 'notification_number,name,customer_name,federal_law,region,initial_price,protocol_date,winner_name,winner_inn'
    const line = [r.notification_number, '"Поставка ""бумаги""\nв два склада"', `"${r.customer_name}"`, '44-ФЗ', '77', '"1 250 000,50"', '01.02.2026', `"${r.winner_name}"`, r.winner_inn].join(',')
    const cp1251 = Buffer.from(new Uint8Array([...iconv(`${header}\n${line}\n`)]))
    const res = await upload(ctx, a.token, 'старый.csv', cp1251)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data, JSON.stringify(res.json().data.problems)).toMatchObject({ status: 'imported', inserted: 1 })
    const [stored] = await ctx.db.select().from(tenders)
    expect(stored).toMatchObject({ name: 'Поставка "бумаги"\nв два склада', federal_law: 44, initial_price: 1_250_000.5, protocol_date: '2026-02-01', customer_name: r.customer_name })
  })

  it('imports a good XLSX (the first sheet; numbers, dates and text cells)', async () => {
    const a = await admin(ctx)
    const cells = rows(100, 12).map(r => ({ ...r, region: Number(r.region), initial_price: Number(r.initial_price.replace(',', '.')), protocol_date: new Date(`${r.protocol_date}T00:00:00Z`) }))
    const res = await upload(ctx, a.token, 'tenders.xlsx', await xlsxOf(cells))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'imported', rows: 12, inserted: 12 })
    const expected = tenderRow(105, NOW)
    const [stored] = await ctx.db.select().from(tenders).where(eq(tenders.notification_number, expected.notification_number))
    expect(stored).toMatchObject({ initial_price: expected.initial_price, protocol_date: expected.protocol_date, region: expected.region })
  })

  it('rejects a file with broken rows: a report per row and field, and nothing imported', async () => {
    const a = await admin(ctx)
    const good = rows(0, 5)
    const broken = [
      { ...sampleCells(10, NOW), winner_inn: '7707083894' }, // a check digit off
      { ...sampleCells(11, NOW), federal_law: '94', initial_price: 'много' },
      { ...sampleCells(12, NOW), protocol_date: '31.02.2026', winner_kpp: '12' },
      { ...sampleCells(0, NOW) }, // the number of the first row again
    ]
    const res = await upload(ctx, a.token, 'broken.csv', sampleCsv([...good, ...broken]))
    expect(res.statusCode, res.body).toBe(200)
    const record: TenderImport = res.json().data
    expect(record).toMatchObject({ status: 'rejected', rows: 9, inserted: 0, updated: 0, problems_truncated: false })
    expect(record.problems).toEqual([
      { row: 7, field: 'winner_inn', message: 'tenders:import.problems.innChecksum' },
      { row: 8, field: 'federal_law', message: 'tenders:import.problems.law' },
      { row: 8, field: 'initial_price', message: 'tenders:import.problems.money' },
      { row: 9, field: 'protocol_date', message: 'tenders:import.problems.date' },
      { row: 9, field: 'winner_kpp', message: 'tenders:import.problems.kpp' },
      { row: 10, field: 'notification_number', message: 'tenders:import.problems.duplicate' },
    ])
    expect(await countTenders(ctx)).toBe(0)
  })

  it('names required columns the file lacks', async () => {
    const a = await admin(ctx)
    const columns = IMPORT_COLUMNS.filter(c => c !== 'winner_inn' && c !== 'region')
    const res = await upload(ctx, a.token, 'short.csv', sampleCsv(rows(0, 2), columns))
    expect(res.json().data.status).toBe('rejected')
    expect(res.json().data.problems.slice(0, 2)).toEqual([
      { row: 1, field: 'region', message: 'tenders:import.problems.columnMissing' },
      { row: 1, field: 'winner_inn', message: 'tenders:import.problems.columnMissing' },
    ])
    expect(await countTenders(ctx)).toBe(0)
  })

  it('re-importing the same file updates the tenders without duplicating them; only the columns the file has change', async () => {
    const a = await admin(ctx)
    const first = await upload(ctx, a.token, 'a.csv', sampleCsv(rows(0, 20)))
    expect(first.json().data).toMatchObject({ status: 'imported', inserted: 20, updated: 0 })
    const again = await upload(ctx, a.token, 'a.csv', sampleCsv(rows(0, 20)))
    expect(again.json().data).toMatchObject({ status: 'imported', inserted: 0, updated: 20 })
    expect(await countTenders(ctx)).toBe(20)
    // A later file names a new winner for one tender, adds one, and has no e-mail column.
    const changed = { ...sampleCells(4, NOW), winner_name: 'ООО «Новый победитель»' }
    const columns = IMPORT_COLUMNS.filter(c => c !== 'winner_email')
    const third = await upload(ctx, a.token, 'b.csv', sampleCsv([changed, sampleCells(20, NOW)], columns))
    expect(third.json().data).toMatchObject({ status: 'imported', inserted: 1, updated: 1 })
    const [stored] = await ctx.db.select().from(tenders).where(eq(tenders.notification_number, changed.notification_number))
    expect(stored).toMatchObject({ winner_name: 'ООО «Новый победитель»', winner_email: tenderRow(4, NOW).winner_email })
    expect(await countTenders(ctx)).toBe(21)
    const history = (await ctx.call('GET', '/api/v1/tenders/imports', a.token)).json().data as TenderImport[]
    expect(history.map(i => i.file_name)).toEqual(['b.csv', 'a.csv', 'a.csv'])
  })

  it('keeps a huge report to its cap and says it was truncated', async () => {
    const a = await admin(ctx)
    const bad = Array.from({ length: REPORT_CAP + 50 }, (_, i) => ({ ...sampleCells(i, NOW), winner_inn: '123' }))
    const res = await upload(ctx, a.token, 'bad.csv', sampleCsv(bad))
    const record: TenderImport = res.json().data
    expect(record.status).toBe('rejected')
    expect(record.problems).toHaveLength(REPORT_CAP)
    expect(record.problems_truncated).toBe(true)
    expect(record.problems[0]).toEqual({ row: 2, field: 'winner_inn', message: 'tenders:import.problems.inn' })
    expect(await countTenders(ctx)).toBe(0)
  })

  it('answers 422 for files that are no tender file: empty, binary, a broken XLSX, a header alone, no file part', async () => {
    const a = await admin(ctx)
    const cases: [string, Buffer | string, string][] = [
      ['empty.csv', '', 'The file is empty'],
      ['picture.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'Only CSV and XLSX files can be imported'],
      ['broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), 'The file cannot be read'],
      ['header.csv', `${IMPORT_COLUMNS.join(';')}\r\n`, 'The file has no tenders'],
    ]
    for (const [name, content, message] of cases) {
      const res = await upload(ctx, a.token, name, content)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422)
      expect(res.json()).toMatchObject({ result: false, validation: { file: message } })
    }
    const wrongPart = await upload(ctx, a.token, 'a.csv', sampleCsv(rows(0, 1)), 'document')
    expect(wrongPart.statusCode).toBe(422)
    const json = await ctx.call('POST', '/api/v1/tenders/import', a.token, { file: 'x' })
    expect(json.statusCode).toBe(422)
    expect(await countTenders(ctx)).toBe(0)
    // Readable files that failed stay in the history as failed; the unreadable-at-first-byte ones leave nothing.
    const statuses = (await ctx.db.select({ status: tenderImports.status }).from(tenderImports)).map(r => r.status)
    expect(statuses).toEqual(['failed', 'failed'])
  })

  it('answers a database failure while reading the file as a server error, not as a file that cannot be read', async () => {
    const a = await admin(ctx)
    // The progress update after 5 000 rows fails, as a database that went away would.
    await ctx.db.execute(sql`create function fail_progress() returns trigger language plpgsql as $$ begin raise exception 'database gone'; end $$`)
    await ctx.db.execute(sql`create trigger fail_progress before update of rows on tender_imports for each row when (new.rows = 5000) execute function fail_progress()`)
    // The file's database lives on after this test (only its rows are reset): the trigger goes with the test.
    const res = await upload(ctx, a.token, 'big.csv', sampleCsv(rows(0, 5_001))).finally(() => ctx.db.execute(sql`drop function fail_progress() cascade`))
    expect(res.statusCode, res.body).toBe(500)
    expect(res.json().validation).toBeUndefined()
    expect((await ctx.db.select({ status: tenderImports.status }).from(tenderImports)).map(r => r.status)).toEqual(['failed'])
    expect(await countTenders(ctx)).toBe(0)
    // The same file, the database well again: imported.
    const again = await upload(ctx, a.token, 'big.csv', sampleCsv(rows(0, 5_001)))
    expect(again.json().data, again.body).toMatchObject({ status: 'imported', inserted: 5_001 })
  })

  it('refuses a file over TENDER_IMPORT_MAX_MB with 413, importing nothing', async () => {
    const a = await admin(ctx)
    vi.stubEnv('TENDER_IMPORT_MAX_MB', '0.01')
    const small = buildApp({ db: ctx.db, config: ctx.config, clock: ctx.clock, modules: testModules() })
    try {
      await small.ready()
      const { payload, headers } = multipart('big.csv', sampleCsv(rows(0, 200)))
      expect(payload.length).toBeGreaterThan(0.01 * 1024 * 1024)
      const res = await small.inject({ method: 'POST', url: '/api/v1/tenders/import', payload, headers: { ...headers, ...EN, authorization: `Bearer ${a.token}` } })
      expect(res.statusCode, res.body).toBe(413)
      expect(res.json().validation).toEqual({ file: 'The file is larger than 1 MB' })
    } finally {
      vi.unstubAllEnvs()
      await small.close()
    }
    expect(await countTenders(ctx)).toBe(0)
  })

  it('is for administrators only: 403 for everyone else (tender workers too), 401 without a session', async () => {
    const agent = await signedIn(ctx, { role: 30, tender_service: true })
    const manager = await signedIn(ctx, { role: 160, tender_service: true })
    for (const token of [agent.token, manager.token]) {
      expect((await upload(ctx, token, 'a.csv', sampleCsv(rows(0, 1)))).statusCode).toBe(403)
      expect((await ctx.call('GET', '/api/v1/tenders/imports', token)).statusCode).toBe(403)
      expect((await ctx.call('GET', '/api/v1/tenders/import/1', token)).statusCode).toBe(403)
    }
    expect((await upload(ctx, null, 'a.csv', sampleCsv(rows(0, 1)))).statusCode).toBe(401)
    expect(await countTenders(ctx)).toBe(0)
  })
})

/** Text → Windows-1251 bytes (Cyrillic, ASCII and «» only: what the test writes). */
function iconv(text: string): number[] {
  const special: Record<string, number> = { '«': 0xab, '»': 0xbb, 'Ё': 0xa8, 'ё': 0xb8, '№': 0xb9 }
  return Array.from(text, ch => {
    const code = ch.codePointAt(0)!
    if (code < 0x80) return code
    if (special[ch] !== undefined) return special[ch]!
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0
    throw new Error(`no cp1251 byte for ${ch}`)
  })
}
