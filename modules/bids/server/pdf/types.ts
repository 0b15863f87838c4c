/**
 * What the generated documents are filled from. Plain data, independent of the tables: the route that renders
 * them maps a bid row and its company into these shapes. Sums are numbers or the decimal strings Postgres
 * `numeric` answers with ("1234567.89"); dates are ISO dates ("2026-11-24") or timestamps; empty values are
 * left out of the document (a service shows only its own fields).
 */
export type PdfLang = 'ru' | 'en'
export type Sum = number | string | null | undefined
export type DateLike = string | Date | null | undefined

export interface PdfPerson {
  name?: string | null
  position?: string | null
  phone?: string | null
  email?: string | null
}

export interface PdfBankAccount {
  bank?: string | null
  account?: string | null
  bik?: string | null
  correspondent_account?: string | null
}

export interface PdfOwner {
  name: string
  inn?: string | null
  /** Percent, 0–100. */
  share?: number | string | null
}

export interface PdfCompany {
  full_name?: string | null
  short_name?: string | null
  inn?: string | null
  kpp?: string | null
  ogrn?: string | null
  okpo?: string | null
  okved?: string | null
  legal_address?: string | null
  postal_address?: string | null
  director?: PdfPerson | null
  contact?: PdfPerson | null
  accounts?: readonly PdfBankAccount[]
  owners?: readonly PdfOwner[]
}

export interface PdfLot {
  number: number | string
  name?: string | null
  sum?: Sum
}

export interface PdfSpecialAccount {
  bank?: string | null
  account?: string | null
  bik?: string | null
}

/** SPEC §3 Bid: every field, each optional. */
export interface PdfBid {
  number: number
  /** 1–8 (SPEC §1). */
  service_type: number
  created_at?: DateLike
  submitted_at?: DateLike
  /** '44' | '223' | '185' | 'commercial', or any text (shown as is). */
  federal_law?: string | null
  customer_name?: string | null
  customer_inn?: string | null
  customer_address?: string | null
  contract_subject?: string | null
  contract_sum?: Sum
  actual_contract_sum?: Sum
  initial_max_price?: Sum
  security_sum?: Sum
  credit_sum?: Sum
  contract_start?: DateLike
  contract_end?: DateLike
  date_bg_start?: DateLike
  date_bg_end?: DateLike
  days?: number | null
  issue_deadline_date?: DateLike
  /** 1 performance, 2 advance return, 3 anti-dumping, 4 warranty obligations. */
  type_bg?: number | null
  by_customer_form?: boolean | null
  direct_debiting?: boolean | null
  has_deposit?: boolean | null
  has_losses?: boolean | null
  has_government_contracts?: boolean | null
  special_account?: PdfSpecialAccount | null
  /** 0–7 (SPEC §3). */
  leasing_type?: number | null
  initial_fee?: Sum
  lots?: readonly PdfLot[] | null
}

export interface PdfBank {
  name: string
  channel?: 'bank' | 'mfo'
}

export interface ApplicationInput {
  bid: PdfBid
  company: PdfCompany
  banks: readonly PdfBank[]
  /** When the document is generated: printed in it and kept as the PDF's creation date (same input → same bytes). */
  generated_at: DateLike
  lang?: PdfLang
}

export type QuestionnaireInput = ApplicationInput
