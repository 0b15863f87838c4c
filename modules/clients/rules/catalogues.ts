/**
 * Closed value sets of SPEC §3/§9 for companies, persons and documents. Labels are i18n keys of the clients
 * namespace (`clients:catalogue.<name>.<value>`) so forms and exports show the same words.
 */

/** Legal entity (inn 10, ogrn 13, kpp) or sole proprietor (inn 12, ogrnip 15, no kpp). */
export const COMPANY_KINDS = ['legal', 'sole'] as const
export type CompanyKind = (typeof COMPANY_KINDS)[number]

/** SPEC §3 company status. */
export const COMPANY_STATUSES = ['active', 'reorganizing', 'liquidating', 'liquidated'] as const
export type CompanyStatus = (typeof COMPANY_STATUSES)[number]

/** SPEC §9 legal types: 1 sole proprietor, 2 joint-stock, 3 LLC "and others" (4). A sole proprietor is always 1. */
export const LEGAL_FORMS = [1, 2, 3, 4] as const
export type LegalForm = (typeof LEGAL_FORMS)[number]
export const LEGAL_FORM_SOLE: LegalForm = 1

/** SPEC §9 tax types: 1 general, 2 simplified. */
export const TAX_SYSTEMS = [1, 2] as const
export type TaxSystem = (typeof TAX_SYSTEMS)[number]

/**
 * SPEC §3 names an organisation type without values; decided: 1 commercial, 2 non-commercial,
 * 3 state or municipal institution.
 */
export const ORGANIZATION_TYPES = [1, 2, 3] as const
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number]

/** SPEC §3 responsible person type: 1 head, 2 chief accountant. */
export const PERSON_TYPES = [1, 2] as const
export type PersonType = (typeof PERSON_TYPES)[number]
export const PERSON_TYPE = { head: 1, chiefAccountant: 2 } as const

/** SPEC §3 identity document: 1 Russian passport, 2 foreign passport, 3 ID card (e.g. Kazakh). */
export const DOCUMENT_TYPES = [1, 2, 3] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const DOCUMENT_TYPE = { russianPassport: 1, foreignPassport: 2, idCard: 3 } as const

/** SPEC §3 appointment term in years. */
export const TERMS = [3, 5] as const
export type TermYears = (typeof TERMS)[number]

/** OKSM codes offered in the citizenship list; any other three-digit code is accepted too. */
export const CITIZENSHIPS = ['643', '398', '112', '051', '417', '860', '762', '031', '498', '804'] as const
export const CITIZENSHIP = { russia: '643', kazakhstan: '398' } as const

/** Owner (ultimate beneficiary): a person or a legal entity. */
export const OWNER_KINDS = ['individual', 'legal'] as const
export type OwnerKind = (typeof OWNER_KINDS)[number]

/**
 * Company document kinds. SPEC §5: under 1 million rubles only the passport copy and the enterprise card are
 * needed, so those two plus the charter (legal entities) are what completeness counts as required.
 */
export const DOCUMENT_KINDS = [1, 2, 3, 4, 5, 6, 7, 8] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DOCUMENT_KIND = {
  passportCopy: 1,
  enterpriseCard: 2,
  charter: 3,
  headAppointment: 4,
  balanceSheet: 5,
  taxReturn: 6,
  bankStatement: 7,
  other: 8,
} as const
export const REQUIRED_DOCUMENT_KINDS: Record<CompanyKind, readonly DocumentKind[]> = {
  legal: [DOCUMENT_KIND.passportCopy, DOCUMENT_KIND.enterpriseCard, DOCUMENT_KIND.charter],
  sole: [DOCUMENT_KIND.passportCopy, DOCUMENT_KIND.enterpriseCard],
}

/** Quarter 0 is the whole year. */
export const QUARTERS = [0, 1, 2, 3, 4] as const
export const FINANCIAL_YEAR_MIN = 1990
export const FINANCIAL_YEAR_MAX = 2100

/** Financial indicators of a period, in thousands of rubles (as in the balance sheet and P&L forms). */
export const FINANCIAL_INDICATORS = [
  'revenue',
  'net_profit',
  'total_assets',
  'current_assets',
  'equity',
  'long_term_liabilities',
  'short_term_liabilities',
  'receivables',
  'payables',
] as const
export type FinancialIndicator = (typeof FINANCIAL_INDICATORS)[number]

/** Public read-only links (SPEC §2 /public-documents/{hash}, /public-financials/{hash}). */
export const PUBLIC_LINK_KINDS = ['documents', 'financials'] as const
export type PublicLinkKind = (typeof PUBLIC_LINK_KINDS)[number]
/** How long a public link works, chosen at creation (days); links never lived for ever. */
export const PUBLIC_LINK_DAYS = [1, 7, 30, 90] as const
export type PublicLinkDays = (typeof PUBLIC_LINK_DAYS)[number]
export const PUBLIC_LINK_DEFAULT_DAYS: PublicLinkDays = 30

/** SPEC §9 share: above 25 %, at most 100 %. */
export const SHARE_MIN_EXCLUSIVE = 25
export const SHARE_MAX = 100

/** SPEC §9 company search description limit (the browser cuts it). */
export const SEARCH_DESCRIPTION_LIMIT = 60
