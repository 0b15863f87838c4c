import type { TFunction } from 'i18next'
import {
  CITIZENSHIPS,
  COMPANY_STATUSES,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  ORGANIZATION_TYPES,
  QUARTERS,
  TAX_SYSTEMS,
  TERMS,
  type CompanyKind,
} from '../rules/catalogues'
import type { Option } from './fields'

/** Options of the closed sets (rules/catalogues.ts) with their words (`clients:catalogue.<set>.<value>`). */
const of = (t: TFunction, set: string, values: readonly (string | number)[]): Option[] =>
  values.map(value => ({ value: String(value), label: t(`catalogue.${set}.${value}`) }))

export const statusOptions = (t: TFunction) => of(t, 'status', COMPANY_STATUSES)
export const taxOptions = (t: TFunction) => of(t, 'taxSystem', TAX_SYSTEMS)
export const organizationTypeOptions = (t: TFunction) => of(t, 'organizationType', ORGANIZATION_TYPES)
/** A sole proprietor's legal form is always 1; a legal entity picks 2, 3 or 4. */
export const legalFormOptions = (t: TFunction, kind: CompanyKind) => of(t, 'legalForm', kind === 'sole' ? [1] : [2, 3, 4])
export const documentTypeOptions = (t: TFunction) => of(t, 'documentType', DOCUMENT_TYPES)
export const citizenshipOptions = (t: TFunction) => CITIZENSHIPS.map(code => ({ value: code, label: `${t(`catalogue.citizenship.${code}`)} (${code})` }))
export const termOptions = (t: TFunction) => of(t, 'term', TERMS)
export const documentKindOptions = (t: TFunction) => of(t, 'documentKind', DOCUMENT_KINDS)
export const quarterOptions = (t: TFunction) => of(t, 'quarter', QUARTERS)
