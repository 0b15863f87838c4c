// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import en from '../i18n/en.json'
import ru from '../i18n/ru.json'
import tenders from '../index'
import type { TenderImport } from '../import/contract'
import UploadPage from './UploadPage'

vi.setConfig({ testTimeout: 30_000 })

// Without XMLHttpRequest the api client sends the upload through fetch, which the test runtime answers (the real
// progress events are the browser test's: tests/e2e/tenders-upload.test.ts).
beforeEach(() => vi.stubGlobal('XMLHttpRequest', undefined))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const record = (fields: Partial<TenderImport>): TenderImport => ({
  id: 1,
  file_name: 'tenders.csv',
  size: 2048,
  status: 'imported',
  rows: 3,
  inserted: 2,
  updated: 1,
  problems: [],
  problems_truncated: false,
  user: { id: 1, name: 'Админов Админ' },
  created_at: '2026-11-24T09:00:00.000Z',
  finished_at: '2026-11-24T09:00:01.000Z',
  ...fields,
})

/** A deferred answer to the upload, so the test sees the page while the server works. */
function server(result: TenderImport, history: TenderImport[] = []) {
  let release: (value: unknown) => void = () => {}
  const uploads: FormData[] = []
  const answer = (req: SentRequest): unknown => {
    if (req.method === 'GET' && req.path === 'v1/tenders/imports') return history
    if (req.method === 'POST' && req.path === 'v1/tenders/import') {
      uploads.push(req.body as FormData)
      return new Promise(resolve => {
        release = value => {
          history = [result, ...history]
          resolve(value)
        }
      })
    }
    return { result: false, message: 'нет такого' }
  }
  return { answer, uploads, finish: () => release(result) }
}

function setup(answer: (req: SentRequest) => unknown, lang: 'ru' | 'en' = 'ru') {
  const i18n = createI18n(lang)
  i18n.addResourceBundle(lang, 'tenders', lang === 'ru' ? ru : en, true, true)
  const kit = listTestRuntime({ plugins: [tenders], path: '/upload', answer, i18n })
  const profile: Profile = {
    id: 1,
    name: 'Админов Админ',
    full_name: 'Админов Админ',
    phone: '77001000100',
    email: null,
    role: 100,
    office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: lang,
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  }
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}

const csv = () => new File(['notification_number;name\r\n1;a\r\n'], 'tenders.csv', { type: 'text/csv' })

describe('/upload', () => {
  it('uploads a chosen file with a progress bar, then says what was imported and lists it in the history', async () => {
    const srv = server(record({}))
    const kit = setup(srv.answer)
    render(kit.wrap(<UploadPage />))
    await screen.findByText('Загрузок ещё не было.')
    // The columns of the file are described on the page.
    expect(screen.getByText('winner_inn')).toBeTruthy()
    expect(screen.getByText('ИНН победителя (проверяется контрольная цифра) (обязательно)')).toBeTruthy()

    // The input is the file dialog's: people reach it through the button (its pointer events are off).
    await userEvent.setup({ pointerEventsCheck: 0 }).upload(screen.getByTestId('import-file'), csv())
    const progress = await screen.findByRole('progressbar')
    expect(progress.getAttribute('aria-valuetext')).toContain('из')
    expect(screen.getByText('Загружаем и проверяем tenders.csv')).toBeTruthy()
    // Nothing else can be sent meanwhile.
    expect(screen.getByRole('button', { name: 'Выберите файл' }).hasAttribute('disabled') || screen.getByRole('button', { name: 'Выберите файл' }).getAttribute('aria-disabled') === 'true').toBe(true)
    expect((srv.uploads[0]!.get('file') as File).name).toBe('tenders.csv')

    act(() => srv.finish())
    await screen.findByText('Загружено: новых 2, обновлено 1 из 3 строк.')
    expect(screen.queryByRole('progressbar')).toBeNull()
    const history = within(screen.getByTestId('import-history'))
    await waitFor(() => expect(history.getByText('tenders.csv · 2.0 KB')).toBeTruthy())
    expect(history.getByText('Загружен')).toBeTruthy()
  })

  it('shows a rejected file’s report row by row, and the history opens a past report', async () => {
    const rejected = record({
      id: 2,
      status: 'rejected',
      inserted: 0,
      updated: 0,
      problems: [
        { row: 7, field: 'winner_inn', message: 'tenders:import.problems.innChecksum' },
        { row: 9, field: 'protocol_date', message: 'tenders:import.problems.date' },
      ],
      problems_truncated: true,
    })
    const srv = server(rejected)
    const kit = setup(srv.answer, 'en')
    render(kit.wrap(<UploadPage />))
    await screen.findByText('No imports yet.')
    // A file dropped on the zone goes up like a chosen one.
    fireEvent.drop(screen.getByTestId('import-drop'), { dataTransfer: { files: [csv()] } })
    await screen.findByRole('progressbar')
    act(() => srv.finish())
    await screen.findByText(/Nothing was imported: 2 problems in 3 rows/)
    expect(screen.getByText(/Only the first 2 problems are shown/)).toBeTruthy()
    const report = within(screen.getByTestId('import-report'))
    expect(report.getAllByRole('rowheader').map(c => c.textContent)).toEqual(['7', '9'])
    expect(report.getByText("The INN's check digit does not match")).toBeTruthy()
    expect(report.getByText('A date as YYYY-MM-DD or DD.MM.YYYY')).toBeTruthy()

    const history = within(screen.getByTestId('import-history'))
    await history.findByText('Rejected')
    await userEvent.setup().click(history.getByRole('button', { name: 'Report' }))
    expect(screen.getAllByTestId('import-report')).toHaveLength(2)
  })

  it('says why a file was refused (the server’s message)', async () => {
    const kit = setup(req => (req.method === 'POST' ? { result: false, message: 'Загружать можно только CSV и XLSX', validation: { file: 'Загружать можно только CSV и XLSX' } } : []))
    render(kit.wrap(<UploadPage />))
    await userEvent.setup({ pointerEventsCheck: 0 }).upload(screen.getByTestId('import-file'), new File(['x'], 'picture.csv'))
    await screen.findByText('Файл не загружен')
    expect(screen.getByText('Загружать можно только CSV и XLSX')).toBeTruthy()
  })
})
