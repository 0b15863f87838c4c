import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { expect, it } from 'vitest'
import { describeEachDb } from '../../server/testing/harness'
import { DOCUMENT_KIND } from './rules/catalogues'
import { createClientsServer } from './server'
import { cast, createCompany, LEGAL, PDF, PNG, SOLE, testDataDir, upload, type Cast } from './server/test-helpers'

const MAX = 64 * 1024
const dataDir = testDataDir()
const clients = createClientsServer({ env: {}, maxFileBytes: MAX })
const en = { 'accept-language': 'en' }

/** Every stored upload under DATA_DIR/files. */
function storedFiles(): string[] {
  const root = join(dataDir, 'files')
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir).flatMap(name => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? walk(path) : [path]
      })
    } catch {
      return []
    }
  }
  return walk(root)
}

describeEachDb(
  'clients: uploads, documents, licences, export, public links',
  ctx => {
    let c: Cast
    const get = (url: string, token: string | null, headers?: Record<string, string>) => ctx.call('GET', `/api/v1/${url}`, token, undefined, headers)
    const post = (url: string, token: string | null, body: unknown = {}, headers?: Record<string, string>) => ctx.call('POST', `/api/v1/${url}`, token, body, headers)

    it('stores an upload on disk and serves it back to whoever sees the company', async () => {
      c = await cast(ctx)
      const before = storedFiles().length
      const res = await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'Устав (все страницы).pdf', content: PDF, type: 'application/pdf' })
      expect(res.statusCode).toBe(200)
      const file = res.json().data
      expect(file).toEqual({ id: expect.any(Number), name: 'Устав (все страницы).pdf', mime: 'application/pdf', size: PDF.length, created_at: expect.any(String) })
      expect(storedFiles()).toHaveLength(before + 1)

      const back = await get(`companies/${c.companyOfClientA}/files/${file.id}`, c.agentA.token)
      expect(back.statusCode).toBe(200)
      expect(back.headers['content-type']).toBe('application/pdf')
      expect(back.headers['content-disposition']).toBe(`attachment; filename="_____ (___ ________).pdf"; filename*=UTF-8''${encodeURIComponent('Устав (все страницы).pdf')}`)
      expect(back.rawPayload.equals(PDF)).toBe(true)
      expect((await get(`companies/${c.companyOfClientA}/files/${file.id}`, c.clientB.token)).statusCode).toBe(404)
      expect((await get(`companies/${c.companyOfClientB}/files/${file.id}`, c.clientB.token)).statusCode).toBe(404)
    })

    it('refuses a file over the size limit with 413 and keeps nothing', async () => {
      c = await cast(ctx)
      const before = storedFiles().length
      const big = Buffer.concat([PDF, Buffer.alloc(MAX)])
      const res = await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'big.pdf', content: big }).then(r => r)
      expect(res.statusCode).toBe(413)
      expect(res.json()).toEqual({ result: false, message: 'Файл больше 1 МБ' })
      expect(storedFiles()).toHaveLength(before)
      // Exactly at the limit is fine.
      const exact = Buffer.concat([PDF, Buffer.alloc(MAX - PDF.length)])
      expect((await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'exact.pdf', content: exact })).statusCode).toBe(200)
    })

    it('checks the type by content: documents and images pass, anything else is 415', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(30)])
      const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(30)])
      const ok: [string, Buffer, string][] = [
        ['scan.png', PNG, 'image/png'],
        ['photo.JPG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]), 'image/jpeg'],
        ['scan.tiff', Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(20)]), 'image/tiff'],
        ['Устав.docx', zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['Баланс.xlsx', zip, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ['Все страницы.zip', zip, 'application/zip'],
        ['old.doc', ole, 'application/msword'],
        ['old.xls', ole, 'application/vnd.ms-excel'],
        // The browser's claim does not matter, the content does.
        ['scan-without-extension', PDF, 'application/pdf'],
      ]
      for (const [name, content, mime] of ok) {
        const res = await upload(ctx, c.clientA.token, id, { name, content, type: 'text/plain' })
        expect(res.statusCode, name).toBe(200)
        expect(res.json().data.mime, name).toBe(mime)
      }
      const before = storedFiles().length
      const bad: [string, Buffer | string][] = [
        ['virus.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(40)])],
        ['page.html', '<html><script>alert(1)</script></html>'],
        ['fake.pdf', 'not a pdf at all'],
        ['archive.exe', zip],
        ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ]
      for (const [name, content] of bad) {
        const res = await upload(ctx, c.clientA.token, id, { name, content, type: 'application/pdf' }).then(r => r)
        expect(res.statusCode, name).toBe(415)
        expect(res.json().message).toBe('Можно загрузить PDF, JPEG, PNG, TIFF, DOC, DOCX, XLS, XLSX или ZIP')
      }
      expect(storedFiles()).toHaveLength(before)
    })

    it('stores and serves the name with the extension of the detected type, whatever the user called it', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const cases: [string, Buffer, string][] = [
        ['scan.exe', PDF, 'scan.pdf'],
        ['Скан паспорта.exe', PDF, 'Скан паспорта.pdf'],
        ['scan-without-extension', PDF, 'scan-without-extension.pdf'],
        ['photo.JPEG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]), 'photo.JPEG'],
        ['image.pdf', PNG, 'image.png'],
        ['Отчёт v1.2', PDF, 'Отчёт v1.2.pdf'],
      ]
      for (const [uploaded, content, stored] of cases) {
        const file = (await upload(ctx, c.clientA.token, id, { name: uploaded, content })).json().data
        expect(file.name, uploaded).toBe(stored)
        const back = await get(`companies/${id}/files/${file.id}`, c.clientA.token)
        expect(back.headers['content-disposition'], uploaded).toBe(`attachment; filename="${stored.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(stored)}`)
      }
      // A document named after the file takes the corrected name too.
      const exe = (await upload(ctx, c.clientA.token, id, { name: 'Устав.exe', content: PDF })).json().data
      const doc = (await post(`companies/${id}/documents`, c.clientA.token, { kind: DOCUMENT_KIND.charter, file_id: exe.id })).json().data
      expect(doc.name).toBe('Устав.pdf')
    })

    it('needs one file part named "file" in a multipart body, and the company in scope', async () => {
      c = await cast(ctx)
      expect((await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'a.pdf', content: PDF, field: 'other' })).statusCode).toBe(422)
      expect((await upload(ctx, c.clientA.token, c.companyOfClientA, { name: 'empty.pdf', content: '' })).statusCode).toBe(422)
      expect((await post(`companies/${c.companyOfClientA}/files`, c.clientA.token, { file: 'x' }, en)).json()).toEqual({ result: false, message: 'Choose a file' })
      const before = storedFiles().length
      expect((await upload(ctx, c.clientB.token, c.companyOfClientA, { name: 'a.pdf', content: PDF })).statusCode).toBe(404)
      expect((await upload(ctx, null, c.companyOfClientA, { name: 'a.pdf', content: PDF })).statusCode).toBe(401)
      expect(storedFiles()).toHaveLength(before)
    })

    it('documents: a kind and an uploaded file of the same company; deleting removes the file; completeness counts required kinds', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const file = (await upload(ctx, c.clientA.token, id, { name: 'passport.pdf', content: PDF })).json().data
      const doc = await post(`companies/${id}/documents`, c.clientA.token, { kind: DOCUMENT_KIND.passportCopy, file_id: file.id })
      expect(doc.json().data).toMatchObject({ company_id: id, kind: 1, name: 'passport.pdf', file: { id: file.id, mime: 'application/pdf' } })
      const fullness = async () => ((await get('statistics/client-fullness', c.clientA.token)).json().data as { key: string; percent: number }[]).find(i => i.key === 'documents')?.percent
      expect(await fullness()).toBe(33)
      for (const kind of [DOCUMENT_KIND.enterpriseCard, DOCUMENT_KIND.charter]) {
        const f = (await upload(ctx, c.clientA.token, id, { name: `${kind}.pdf`, content: PDF })).json().data
        await post(`companies/${id}/documents`, c.clientA.token, { kind, name: 'Документ', file_id: f.id })
      }
      expect(await fullness()).toBe(100)

      // A file of another company cannot be attached.
      const foreign = (await upload(ctx, c.clientB.token, c.companyOfClientB, { name: 'b.pdf', content: PDF })).json().data
      const refused = await post(`companies/${id}/documents`, c.clientA.token, { kind: 1, file_id: foreign.id }, en)
      expect(refused.statusCode).toBe(422)
      expect(refused.json().validation).toEqual({ file_id: 'File not found' })
      expect((await post(`companies/${id}/documents`, c.clientA.token, { kind: 42 }, en)).json().validation).toEqual({ kind: 'Choose a value from the list', file_id: 'Required field' })

      const before = storedFiles().length
      expect((await post(`companies/${id}/documents/${doc.json().data.id}/delete`, c.clientA.token)).statusCode).toBe(200)
      expect(storedFiles()).toHaveLength(before - 1)
      expect((await get(`companies/${id}/files/${file.id}`, c.clientA.token)).statusCode).toBe(404)
      expect(await fullness()).toBe(67)
      expect((await get(`companies/${id}/documents`, c.clientA.token)).json().data).toHaveLength(2)
    })

    it('licences: kind, number, issuer, activities, dates, optional file; end not before issue', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      const file = (await upload(ctx, c.clientA.token, id, { name: 'licence.pdf', content: PDF })).json().data
      const body = { kind: 'СРО', number: 'СРО-С-123', issuer: 'Ассоциация', activities: ['Строительство', 'Снос'], issue_date: '15.02.2019', end_date: '2030-02-15', file_id: file.id }
      const created = (await post(`companies/${id}/licences`, c.clientA.token, body)).json().data
      expect(created).toMatchObject({ kind: 'СРО', activities: ['Строительство', 'Снос'], issue_date: '2019-02-15', end_date: '2030-02-15', file: { id: file.id } })
      const bad = await post(`companies/${id}/licences`, c.clientA.token, { ...body, end_date: '2018-01-01', issue_date: '2019-01-01' }, en)
      expect(bad.json().validation).toEqual({ end_date: 'The end date is before the issue date' })
      expect((await post(`companies/${id}/licences`, c.clientA.token, {}, en)).json().validation).toEqual({ kind: 'Required field', number: 'Required field', issuer: 'Required field', issue_date: 'Required field' })
      // Replacing the file drops the old one.
      const updated = (await post(`companies/${id}/licences/${created.id}`, c.clientA.token, { ...body, file_id: null, end_date: '' })).json().data
      expect(updated).toMatchObject({ file: null, end_date: null })
      expect((await get(`companies/${id}/files/${file.id}`, c.clientA.token)).statusCode).toBe(404)
      expect((await get(`companies/${id}/licences`, c.clientA.token)).json().data).toHaveLength(1)
      expect((await post(`companies/${c.companyOfClientB}/licences/${created.id}`, c.clientB.token, body)).statusCode).toBe(404)
      expect((await post(`companies/${id}/licences/${created.id}/delete`, c.clientA.token)).statusCode).toBe(200)
      expect((await post(`companies/${id}/licences/${created.id}/delete`, c.clientA.token)).statusCode).toBe(404)
    })

    it('exports "My companies" to a real XLSX with the list’s scope and filters', async () => {
      c = await cast(ctx)
      await createCompany(ctx, c.agentA.token, { ...LEGAL, contact_person_name: 'Иванов Иван', contact_person_phone: '(700) 100-00-10', bidder_email: 't@sber.example' })
      await createCompany(ctx, c.agentA.token, { ...SOLE, status: 'liquidating' })
      await createCompany(ctx, c.agentB.token, { ...LEGAL, short_name: 'ООО «Чужая»' })
      await post('physics', c.agentA.token, { last_name: 'Петров', first_name: 'Пётр', inn: '500100732259', phone: '77001000011' })

      const res = await get('companies/export', c.agentA.token)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      expect(res.headers['content-disposition']).toBe('attachment; filename="companies-2026-01-01.xlsx"')
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
      const sheet = book.getWorksheet('Компании')!
      const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map(r => r.slice(1))
      expect(rows[0]).toEqual(['№', 'Тип', 'Краткое наименование', 'Полное наименование', 'ИНН', 'КПП', 'ОГРН / ОГРНИП', 'Статус', 'Агент', 'Контактное лицо', 'Телефон', 'E-mail', 'Добавлена'])
      expect(rows.slice(1).map(r => [r[1], r[2], r[4], r[7], r[8]])).toEqual([
        ['ИП', 'ИП Иванов И. И.', '500100732259', 'В процессе ликвидации', 'Агент Анна'],
        ['Юридическое лицо', 'ПАО Сбербанк', '7707083893', 'Действующая', 'Агент Анна'],
        ['Юридическое лицо', '', '', 'Действующая', 'Агент Анна'],
      ])
      expect(rows[2]?.slice(9, 12)).toEqual(['Иванов Иван', '+7 (700) 100-00-10', 't@sber.example'])
      const people = (book.getWorksheet('Физические лица')!.getSheetValues() as unknown[][]).filter(Boolean).map(r => r.slice(1))
      expect(people.slice(1).map(r => [r[1], r[2], r[4]])).toEqual([['Петров Пётр', '500100732259', '+7 (700) 100-00-11']])

      const filtered = await get('companies/export?kind=sole', c.agentA.token, en)
      const enBook = new ExcelJS.Workbook()
      await enBook.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer)
      const enRows = (enBook.getWorksheet('Companies')!.getSheetValues() as unknown[][]).filter(Boolean)
      expect(enRows).toHaveLength(2)
      expect(enRows[1]?.[2]).toBe('Sole proprietor')
      expect((enBook.getWorksheet('Individuals')!.getSheetValues() as unknown[][]).filter(Boolean)).toHaveLength(1)

      // The bank sees none; a bad filter is a 422.
      const bank = new ExcelJS.Workbook()
      await bank.xlsx.load((await get('companies/export', c.bank.token)).rawPayload as unknown as ArrayBuffer)
      expect((bank.getWorksheet('Компании')!.getSheetValues() as unknown[][]).filter(Boolean)).toHaveLength(1)
      expect((await get('companies/export?status=x', c.agentA.token)).statusCode).toBe(422)
      expect((await get('companies/export', null)).statusCode).toBe(401)
    })

    it('public links: the owner creates and revokes; they work without a session; revoked, tampered or of the other kind → 404', async () => {
      c = await cast(ctx)
      const id = c.companyOfClientA
      await post(`companies/${id}`, c.clientA.token, LEGAL)
      const file = (await upload(ctx, c.clientA.token, id, { name: 'card.pdf', content: PDF })).json().data
      await post(`companies/${id}/documents`, c.clientA.token, { kind: 2, file_id: file.id })
      const hidden = (await upload(ctx, c.clientA.token, id, { name: 'not-published.pdf', content: PDF })).json().data
      await post(`companies/${id}/financials`, c.clientA.token, { year: 2024, revenue: 100 })

      const docs = (await post(`companies/${id}/public-links`, c.clientA.token, { kind: 'documents' })).json().data
      expect(docs).toEqual({
        id: expect.any(Number),
        kind: 'documents',
        hash: expect.stringMatching(/^\d+\.[\w-]{22}\.[\w-]{43}$/),
        path: `/public-documents/${docs.hash}`,
        created_at: expect.any(String),
        revoked_at: null,
        expires_at: new Date(ctx.clock.now() + 30 * 24 * 3600_000).toISOString(),
        expired: false,
      })
      const fin = (await post(`companies/${id}/public-links`, c.agentA.token, { kind: 'financials' })).json().data
      expect((await post(`companies/${id}/public-links`, c.clientA.token, { kind: 'all' })).statusCode).toBe(422)

      const view = await get(`public-documents/${docs.hash}`, null)
      expect(view.statusCode).toBe(200)
      expect(view.json().data).toEqual({
        company: { short_name: LEGAL.short_name, full_name: LEGAL.full_name, inn: LEGAL.inn, ogrn: LEGAL.ogrn, kpp: LEGAL.kpp },
        documents: [expect.objectContaining({ kind: 2, name: 'card.pdf', file: expect.objectContaining({ id: file.id }) })],
        licences: [],
      })
      expect(JSON.stringify(view.json())).not.toContain('company_id')
      const download = await get(`public-documents/${docs.hash}/files/${file.id}`, null)
      expect(download.statusCode).toBe(200)
      expect(download.rawPayload.equals(PDF)).toBe(true)
      expect((await get(`public-documents/${docs.hash}/files/${hidden.id}`, null)).statusCode).toBe(404)
      const finView = (await get(`public-financials/${fin.hash}`, null)).json().data
      expect(finView.financials).toEqual([expect.objectContaining({ year: 2024, quarter: 0, revenue: 100 })])
      expect(finView.financials[0]).not.toHaveProperty('id')

      // Another kind, a tampered signature, nonce or id, nonsense: the same 404.
      const [linkId, nonce, sig] = docs.hash.split('.')
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1)
      for (const bad of [`public-financials/${docs.hash}`, `public-documents/${fin.hash}`, `public-documents/${linkId}.${nonce}.${flip(sig)}`, `public-documents/${linkId}.${flip(nonce)}.${sig}`, `public-documents/${Number(linkId) + 1}.${nonce}.${sig}`, 'public-documents/abc', 'public-financials/1.2.3']) {
        const res = await get(bad, null, en)
        expect(res.statusCode, bad).toBe(404)
        expect(res.json()).toEqual({ result: false, message: 'Not found' })
      }

      expect((await post(`companies/${id}/public-links/${docs.id}/revoke`, c.clientB.token)).statusCode).toBe(404)
      const revoked = (await post(`companies/${id}/public-links/${docs.id}/revoke`, c.clientA.token)).json().data
      expect(revoked.revoked_at).toBe(new Date(ctx.clock.now()).toISOString())
      expect((await get(`public-documents/${docs.hash}`, null)).statusCode).toBe(404)
      expect((await get(`public-documents/${docs.hash}/files/${file.id}`, null)).statusCode).toBe(404)
      expect((await get(`public-financials/${fin.hash}`, null)).statusCode).toBe(200)
      const links = (await get(`companies/${id}/public-links`, c.clientA.token)).json().data
      expect(links.map((l: { id: number; revoked_at: string | null; hash: string }) => [l.id, l.revoked_at !== null, l.hash])).toEqual([
        [fin.id, false, fin.hash],
        [docs.id, true, docs.hash],
      ])
    })
  },
  { env: { DATA_DIR: dataDir }, app: { modules: [clients] } },
)
