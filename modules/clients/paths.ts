/**
 * The clients module's API paths (relative to the API base, as the core api client takes them) and the browser
 * paths of the public pages, re-exported by ./contract.ts. A module of its own (type imports only): the commands the
 * app registers at start use them, and importing ./contract.ts for its values would bring every valibot rule of
 * ./rules into the page's first download (their top-level schema calls are not tree-shaken).
 */
import type { PublicLinkKind } from './rules/catalogues'

type Id = number | string

export const clientsApi = {
  /** GET the bank directory's entry for a BIK (DirectoryBank), null when the directory does not know it. */
  bank: (bik: string) => `v1/banks/${bik}`,
  /** GET list (CompanyListQuery → Page<CompanyListItem>); POST create (CompanyForm → Company). */
  companies: 'v1/companies',
  /** GET the companies of the current filters as an XLSX file (same query as the list, without page/limit). */
  companiesExport: 'v1/companies/export',
  /** GET Company; POST update (the company form without `kind`: the kind never changes). */
  company: (id: Id) => `v1/companies/${id}`,
  /** POST: deletes a company that no client user owns (agents and administrators). */
  companyDelete: (id: Id) => `v1/companies/${id}/delete`,

  /** GET ResponsiblePerson[]; POST PersonForm → ResponsiblePerson. */
  persons: (companyId: Id) => `v1/companies/${companyId}/persons`,
  /** POST PersonForm → ResponsiblePerson. */
  person: (companyId: Id, id: Id) => `v1/companies/${companyId}/persons/${id}`,
  personDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/persons/${id}/delete`,

  /** GET Owner[]; POST OwnerForm → Owner (shares of all owners together at most 100). */
  owners: (companyId: Id) => `v1/companies/${companyId}/owners`,
  owner: (companyId: Id, id: Id) => `v1/companies/${companyId}/owners/${id}`,
  ownerDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/owners/${id}/delete`,

  /** GET BankAccount[] (main first); POST BankAccountForm → BankAccount. The first account becomes main. */
  bankAccounts: (companyId: Id) => `v1/companies/${companyId}/bank-accounts`,
  bankAccount: (companyId: Id, id: Id) => `v1/companies/${companyId}/bank-accounts/${id}`,
  /** POST: makes this account the main one (the previous main one stops being main). */
  bankAccountMain: (companyId: Id, id: Id) => `v1/companies/${companyId}/bank-accounts/${id}/main`,
  /** POST: deletes; if it was main, the oldest remaining account becomes main. */
  bankAccountDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/bank-accounts/${id}/delete`,

  /** GET FinancialPeriod[] (newest first); POST FinancialsForm → FinancialPeriod (saving a period again replaces it). */
  financials: (companyId: Id) => `v1/companies/${companyId}/financials`,
  financialsDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/financials/${id}/delete`,

  /** POST multipart/form-data with one part `file` → FileInfo (size limit, type checked by content). */
  files: (companyId: Id) => `v1/companies/${companyId}/files`,
  /** GET the file's bytes (attachment). */
  file: (companyId: Id, fileId: Id) => `v1/companies/${companyId}/files/${fileId}`,

  /** GET CompanyDocument[]; POST DocumentForm → CompanyDocument. */
  documents: (companyId: Id) => `v1/companies/${companyId}/documents`,
  /** POST: deletes the document and its file. */
  documentDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/documents/${id}/delete`,

  /** GET Licence[]; POST LicenceForm → Licence. */
  licences: (companyId: Id) => `v1/companies/${companyId}/licences`,
  licence: (companyId: Id, id: Id) => `v1/companies/${companyId}/licences/${id}`,
  licenceDelete: (companyId: Id, id: Id) => `v1/companies/${companyId}/licences/${id}/delete`,

  /** GET PublicLink[] (live and revoked); POST PublicLinkForm → PublicLink. */
  publicLinks: (companyId: Id) => `v1/companies/${companyId}/public-links`,
  /** POST → PublicLink with `revoked_at` set; the link answers 404 from then on. */
  publicLinkRevoke: (companyId: Id, id: Id) => `v1/companies/${companyId}/public-links/${id}/revoke`,

  /** Public, no session: GET PublicDocumentsView / PublicFinancialsView; 404 when unknown, tampered or revoked. */
  publicDocuments: (hash: string) => `v1/public-documents/${encodeURIComponent(hash)}`,
  publicDocumentFile: (hash: string, fileId: Id) => `v1/public-documents/${encodeURIComponent(hash)}/files/${fileId}`,
  publicFinancials: (hash: string) => `v1/public-financials/${encodeURIComponent(hash)}`,

  /** GET CompanySearchItem[] (SPEC §7), at most 10; a query under 2 characters gives []. */
  organizationSearch: (query: string) => `v1/autocomplete/organization-search-kz/${encodeURIComponent(query)}`,

  /** GET list (IndividualListQuery → Page<IndividualListItem>); POST IndividualForm → Individual. */
  individuals: 'v1/physics',
  /** GET Individual; POST IndividualForm → Individual. */
  individual: (id: Id) => `v1/physics/${id}`,
  individualDelete: (id: Id) => `v1/physics/${id}/delete`,

} as const

/** Browser routes of the public pages a PublicLink points to. */
export const publicPagePath = (kind: PublicLinkKind, hash: string): string =>
  kind === 'documents' ? `/public-documents/${hash}` : `/public-financials/${hash}`
