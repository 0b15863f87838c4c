import * as v from 'valibot'
import type { BidDocument } from './contract'
import { SERVICE, SMALL_BID_LIMIT, type DocumentKind, type ServiceCode } from './services'

/**
 * A bid's documents (SPEC §5, issue 11): which kinds a user uploads, which ones a bid of a service needs, what is
 * still missing, the endpoints' paths and bodies. Shared by the bid screen and the server (./server/documents.ts).
 */

/** What a user uploads or reuses; the application and the questionnaire PDFs are generated, never uploaded. */
export const UPLOAD_KINDS = ['passport', 'enterprise_card', 'financial_statements', 'contract_draft', 'other'] as const
export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** SPEC §5: below 1 million rubles only these two. */
export const SMALL_BID_DOCUMENTS: readonly DocumentKind[] = ['passport', 'enterprise_card']

/** Each service's full checklist (our reading: a contract's draft where the service is about a signed contract). */
export const DOCUMENTS_BY_SERVICE: Readonly<Record<ServiceCode, readonly DocumentKind[]>> = {
  [SERVICE.bankGuarantee]: ['passport', 'enterprise_card', 'financial_statements', 'contract_draft'],
  [SERVICE.participationGuarantee]: ['passport', 'enterprise_card', 'financial_statements'],
  [SERVICE.settlementAccount]: ['passport', 'enterprise_card'],
  [SERVICE.specialAccount]: ['passport', 'enterprise_card'],
  [SERVICE.credit]: ['passport', 'enterprise_card', 'financial_statements', 'contract_draft'],
  [SERVICE.participationLoan]: ['passport', 'enterprise_card', 'financial_statements'],
  [SERVICE.loan]: ['passport', 'enterprise_card', 'financial_statements'],
  [SERVICE.leasing]: ['passport', 'enterprise_card', 'financial_statements'],
}

/** The sums a checklist is decided by: the contract's, else the service's amount, else the initial maximum price. */
export interface ChecklistSums {
  contract_sum: number | null
  amount: number | null
  initial_max_price: number | null
}

/** The documents a bid needs: below 1 million rubles the passport copy and the enterprise card, else the service's list. */
export function requiredDocuments(service: ServiceCode, sums: ChecklistSums): readonly DocumentKind[] {
  const sum = sums.contract_sum ?? sums.amount ?? sums.initial_max_price
  if (sum !== null && sum < SMALL_BID_LIMIT) return SMALL_BID_DOCUMENTS
  return DOCUMENTS_BY_SERVICE[service] ?? SMALL_BID_DOCUMENTS
}

/** Required kinds no document of the bid has yet, in checklist order. */
export function missingDocuments(required: readonly DocumentKind[], documents: readonly Pick<BidDocument, 'kind'>[]): DocumentKind[] {
  const have = new Set(documents.map(d => d.kind))
  return required.filter(kind => !have.has(kind))
}

/** GET v1/bids/{id}/documents. */
export interface BidDocuments {
  items: BidDocument[]
  required: DocumentKind[]
  missing: DocumentKind[]
  /** Whether this user may upload, reuse and delete now. */
  can_change: boolean
}

export const bidDocumentsApi = {
  /** GET → BidDocuments; POST multipart (one `file` part) with `?kind=` → BidDocument. */
  list: (id: number | string) => `v1/bids/${id}/documents`,
  upload: (id: number | string, kind: UploadKind) => `v1/bids/${id}/documents?kind=${kind}`,
  /** POST ReuseDocumentInput → BidDocument. */
  reuse: (id: number | string) => `v1/bids/${id}/documents/reuse`,
  /** GET → the file. */
  file: (id: number | string, docId: number | string) => `v1/bids/${id}/documents/${docId}/file`,
  /** POST → the generated application and questionnaire kept as the bid's documents (the signer signs them). */
  generate: (id: number | string) => `v1/bids/${id}/documents/generate`,
  /** POST → null. */
  remove: (id: number | string, docId: number | string) => `v1/bids/${id}/documents/${docId}/delete`,
} as const

const kind = v.picklist(UPLOAD_KINDS, 'validation:invalid')

/** What the bids server generates (the PDFs): downloaded as `v1/bids/{id}/documents/{kind}.pdf`, never deleted by hand. */
export const GENERATED_DOCUMENTS = { application_pdf: 'application', questionnaire_pdf: 'questionnaire' } as const
export const isGenerated = (kind: string): kind is keyof typeof GENERATED_DOCUMENTS => Object.hasOwn(GENERATED_DOCUMENTS, kind)

/** The upload's query. */
export const uploadQuery = v.object({ kind })

/** POST v1/bids/{id}/requests/{requestId}/files?kind=: the bank's offer draft or the issued guarantee. */
export const requestFileQuery = v.object({ kind: v.picklist(['draft', 'guarantee'] as const, 'validation:invalid') })

/** POST v1/bids/{id}/documents/reuse: one of the company's documents, as a document of this kind. */
export const reuseDocumentInput = v.object({
  company_document_id: v.pipe(v.number('validation:required'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(2_147_483_647, 'validation:invalid')),
  kind,
})
export type ReuseDocumentInput = v.InferOutput<typeof reuseDocumentInput>
