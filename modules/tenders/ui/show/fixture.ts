import type { TenderCallback, TenderComment, TenderContact, TenderDetails, TenderHistoryEvent } from '../../contract'
import type { Answer, Sent } from './testRuntime'
import { answerWith } from './testRuntime'

/** Tender 1 as GET v1/tenders/1 answers it (a winner with one other recent win). */
export function tenderDetails(over: Partial<TenderDetails> = {}): TenderDetails {
  return {
    id: 1,
    notification_number: '0373100000126000001',
    name: 'Поставка компьютерной техники для школы № 12',
    customer_name: 'МБОУ «Средняя школа № 3»',
    customer_inn: '7707083893',
    federal_law: 44,
    region: 77,
    initial_price: 1_250_000,
    contract_price: 1_100_000,
    guarantee_amount: 55_000,
    protocol_date: '2026-11-18',
    winner_name: 'ООО «Вектор-17»',
    winner_inn: '7701234567',
    winner_kpp: '770101001',
    winner_address: 'г. Москва, ул. Ленина, д. 5',
    winner_email: 'tender17@example.com',
    winner_phone: '(910) 123-45-67',
    lots: [{ name: 'Ноутбуки', price: 1_250_000 }],
    source_url: 'https://procurement.example/notice/1',
    favourite: false,
    taken_by: null,
    taken_at: null,
    participation: [
      {
        id: 2,
        notification_number: '0373100000126000002',
        name: 'Поставка мониторов',
        customer_name: 'ГБУ «Мосгортранс»',
        federal_law: 44,
        region: 77,
        initial_price: 300_000,
        contract_price: 280_000,
        guarantee_amount: null,
        protocol_date: '2026-11-15',
        winner_name: 'ООО «Вектор-17»',
        winner_inn: '7701234567',
        favourite: false,
        taken_by: null,
      },
    ],
    ...over,
  }
}

/** What the fake server keeps of tender 1; tests change it as another user's actions would. */
export interface TenderServer {
  tender: TenderDetails
  history: TenderHistoryEvent[]
  contacts: TenderContact[]
  callbacks: TenderCallback[]
  comments: TenderComment[]
}

export function tenderServer(): TenderServer {
  return {
    tender: tenderDetails(),
    history: [{ id: 1, type: 2, value: 'Оператор', user_id: 7, user_name: 'Оператор Ольга', created_at: '2026-11-20T09:00:00.000Z' }],
    contacts: [{ id: 3, phone: '79101112233', name: 'Иван Петров', title: 'Директор', email: 'ivan@example.com', comment: null, inn: null, rating: 2, created_at: '2026-11-20T09:00:00.000Z' }],
    callbacks: [{ id: 4, due_at: '2026-11-21T12:00:00.000Z', user: { id: 7, name: 'Оператор Ольга' }, phone: '79101112233', description: 'Перезвонить после обеда', done: false }],
    comments: [],
  }
}

/** Answers ShowTender's reads of tender 1 from `server`; everything else is 404. */
export const answerTender =
  (server: TenderServer): Answer =>
  (req: Sent) => {
    if (req.method === 'GET') {
      if (req.path === 'v1/tenders/1') return server.tender
      if (req.path === 'v1/tenders/1/history') return server.history
      if (req.path === 'v1/tenders/1/contacts') return server.contacts
      if (req.path === 'v1/tenders/1/callbacks') return server.callbacks
      if (req.path === 'v1/tenders/1/comments') return server.comments
    }
    return answerWith(404, { result: false, message: 'Не найдено' })
  }
