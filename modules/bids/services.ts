/**
 * The bids module's catalogues (SPEC §1 services, §3 Bid, §4 archive reasons): codes as the spec numbers them, names
 * as the packs' keys (`bids:services.<name>`, `bids:guaranteeTypes.<name>` …). Pure data, imported by both sides.
 */

/** SPEC §1: the eight services a bid asks for. */
export const SERVICE = {
  bankGuarantee: 1,
  participationGuarantee: 2,
  settlementAccount: 3,
  specialAccount: 4,
  credit: 5,
  participationLoan: 6,
  loan: 7,
  leasing: 8,
} as const
export type ServiceName = keyof typeof SERVICE
export type ServiceCode = (typeof SERVICE)[ServiceName]
export const SERVICE_CODES: readonly ServiceCode[] = Object.values(SERVICE)
const SERVICE_NAMES = new Map<number, ServiceName>(Object.entries(SERVICE).map(([name, code]) => [code, name as ServiceName]))
export const serviceName = (code: number): ServiceName | undefined => SERVICE_NAMES.get(code)
export const isServiceCode = (code: unknown): code is ServiceCode => typeof code === 'number' && SERVICE_NAMES.has(code)

/** SPEC §3 type_bg. */
export const GUARANTEE_TYPE = { performance: 1, advanceReturn: 2, antiDumping: 3, warranty: 4 } as const
export type GuaranteeTypeCode = (typeof GUARANTEE_TYPE)[keyof typeof GUARANTEE_TYPE]

/** SPEC §3 leasing type. */
export const LEASING_TYPE = {
  passenger: 0,
  trucks: 1,
  specialEquipment: 2,
  taxi: 3,
  lightCommercial: 4,
  trailers: 5,
  equipment: 6,
  usedCars: 7,
} as const
export type LeasingTypeCode = (typeof LEASING_TYPE)[keyof typeof LEASING_TYPE]

/** The procurement law a contract falls under; stored as a small number (0: a commercial contract). */
export const FEDERAL_LAW = { law44: 44, law223: 223, law185: 185, commercial: 0 } as const
export type FederalLawCode = (typeof FEDERAL_LAW)[keyof typeof FEDERAL_LAW]

/** SPEC §4: why a bid went to the archive. */
export const ARCHIVE_REASON = { clientRefused: 1, otherBank: 2, termsUnsuitable: 3, leftAuction: 4, notRelevant: 5 } as const
export type ArchiveReasonCode = (typeof ARCHIVE_REASON)[keyof typeof ARCHIVE_REASON]

/** SPEC §4 bank chat codes, shown as badges on a request. */
export const CHAT_CODE = { preliminarilyApproved: 12040, documentsChecked: 12050 } as const
export type ChatCode = (typeof CHAT_CODE)[keyof typeof CHAT_CODE]

/** Where a request goes: a bank or a microfinance organisation. */
export const CHANNELS = ['bank', 'mfo'] as const
export type Channel = (typeof CHANNELS)[number]

/** SPEC §5 bid documents (what a bid holds besides its fields). */
export const DOCUMENT_KINDS = ['passport', 'enterprise_card', 'financial_statements', 'contract_draft', 'other', 'application_pdf', 'questionnaire_pdf'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** Every SPEC §3 Bid field a form edits (the bids table has a column for each). */
export const BID_FIELDS = [
  'federal_law',
  'customer_name',
  'customer_inn',
  'customer_address',
  'contract_subject',
  'contract_sum',
  'actual_contract_sum',
  'initial_max_price',
  'security_sum',
  'credit_sum',
  'contract_start',
  'contract_end',
  'date_bg_start',
  'date_bg_end',
  'days',
  'issue_deadline_date',
  'type_bg',
  'by_customer_form',
  'direct_debiting',
  'has_deposit',
  'has_losses',
  'has_government_contracts',
  'special_account',
  'leasing_type',
  'initial_fee',
  'lots',
] as const
export type BidField = (typeof BID_FIELDS)[number]

/** The wizard's four steps; step 1 ("recipient") is the company and the service, which every bid has. */
export const WIZARD_STEPS = ['recipient', 'contract', 'customer', 'terms'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export interface ServiceFields {
  /** The fields of each wizard step, in the order the form shows them. */
  steps: Readonly<Record<WizardStep, readonly BidField[]>>
  /** Which of them a submit needs (fields.ts `submitSchema`). */
  required: readonly BidField[]
  /** The field whose value is the bid's `amount` (what lists filter and sort by), or none. */
  amount: BidField | null
}

const customer = ['customer_name', 'customer_inn', 'customer_address'] as const

/**
 * Which fields each service uses (our reading of SPEC §3 per service): a guarantee has a contract, a customer and
 * guarantee terms; a credit a contract and credit terms; accounts almost nothing; leasing its subject and fee.
 */
export const FIELDS_BY_SERVICE: Readonly<Record<ServiceCode, ServiceFields>> = {
  [SERVICE.bankGuarantee]: {
    steps: {
      recipient: [],
      contract: ['federal_law', 'contract_subject', 'initial_max_price', 'contract_sum', 'actual_contract_sum', 'contract_start', 'contract_end', 'lots'],
      customer,
      terms: ['type_bg', 'security_sum', 'date_bg_start', 'date_bg_end', 'days', 'issue_deadline_date', 'by_customer_form', 'has_deposit', 'has_losses', 'has_government_contracts'],
    },
    required: ['federal_law', 'contract_subject', 'contract_sum', ...customer, 'type_bg', 'security_sum', 'date_bg_start', 'date_bg_end'],
    amount: 'security_sum',
  },
  [SERVICE.participationGuarantee]: {
    steps: {
      recipient: [],
      contract: ['federal_law', 'contract_subject', 'initial_max_price', 'lots'],
      customer,
      terms: ['security_sum', 'date_bg_start', 'date_bg_end', 'days', 'issue_deadline_date', 'by_customer_form', 'has_government_contracts'],
    },
    required: ['federal_law', 'contract_subject', 'initial_max_price', ...customer, 'security_sum', 'date_bg_start', 'date_bg_end'],
    amount: 'security_sum',
  },
  [SERVICE.settlementAccount]: {
    steps: { recipient: [], contract: [], customer: [], terms: ['issue_deadline_date'] },
    required: [],
    amount: null,
  },
  [SERVICE.specialAccount]: {
    steps: { recipient: [], contract: ['federal_law'], customer: [], terms: ['special_account', 'issue_deadline_date'] },
    required: ['federal_law'],
    amount: null,
  },
  [SERVICE.credit]: {
    steps: {
      recipient: [],
      contract: ['federal_law', 'contract_subject', 'contract_sum', 'contract_start', 'contract_end'],
      customer,
      terms: ['credit_sum', 'days', 'direct_debiting', 'has_government_contracts'],
    },
    required: ['credit_sum', 'days'],
    amount: 'credit_sum',
  },
  [SERVICE.participationLoan]: {
    steps: {
      recipient: [],
      contract: ['federal_law', 'contract_subject', 'initial_max_price', 'security_sum', 'lots'],
      customer,
      terms: ['credit_sum', 'days', 'issue_deadline_date'],
    },
    required: ['federal_law', 'contract_subject', 'initial_max_price', ...customer, 'credit_sum', 'days'],
    amount: 'credit_sum',
  },
  [SERVICE.loan]: {
    steps: { recipient: [], contract: ['contract_subject'], customer: [], terms: ['credit_sum', 'days', 'has_government_contracts'] },
    required: ['credit_sum', 'days'],
    amount: 'credit_sum',
  },
  [SERVICE.leasing]: {
    steps: { recipient: [], contract: ['contract_subject'], customer: [], terms: ['leasing_type', 'contract_sum', 'initial_fee', 'days'] },
    required: ['leasing_type', 'contract_sum', 'days'],
    amount: 'contract_sum',
  },
}

/** Every field a service uses, in the wizard's order. */
export function fieldsOfService(service: ServiceCode): BidField[] {
  const { steps } = FIELDS_BY_SERVICE[service]
  return WIZARD_STEPS.flatMap(step => steps[step])
}

/** SPEC §5: below this contract sum only the passport copy and the enterprise card are asked for. */
export const SMALL_BID_LIMIT = 1_000_000
