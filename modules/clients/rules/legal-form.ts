import { LEGAL_FORM_SOLE, type CompanyKind, type LegalForm } from './catalogues'

/**
 * The legal form (SPEC §9: 1 sole proprietor, 2 joint-stock, 3 LLC, 4 other) read from what the registry gives:
 * the kind, then the abbreviation or the spelled-out form in the short or full name. null: nothing recognisable
 * (the form keeps what the user chose).
 */
const JOINT_STOCK = /(^|[^А-ЯЁA-Z])(ПАО|НАО|ЗАО|ОАО|АО)(?![А-ЯЁA-Z])|АКЦИОНЕРНОЕ\s+ОБЩЕСТВО/
const LLC = /(^|[^А-ЯЁA-Z])ООО(?![А-ЯЁA-Z])|ОБЩЕСТВО\s+С\s+ОГРАНИЧЕННОЙ\s+ОТВЕТСТВЕННОСТЬЮ/
const SOLE = /(^|[^А-ЯЁA-Z])ИП(?![А-ЯЁA-Z])|ИНДИВИДУАЛЬНЫЙ\s+ПРЕДПРИНИМАТЕЛЬ/
/** Forms that are neither: unitary enterprises, non-profits, cooperatives, partnerships, institutions. */
const OTHER =
  /(^|[^А-ЯЁA-Z])(ГУП|МУП|ФГУП|АНО|НКО|ТСЖ|СНТ|ПК|СПК|ПТ|КТ|ХП|ФГБУ|ГБУ|МБУ|ГКУ|МКУ|ГАУ|МАУ|ФОНД)(?![А-ЯЁA-Z])|УНИТАРНОЕ\s+ПРЕДПРИЯТИЕ|НЕКОММЕРЧЕСКАЯ\s+ОРГАНИЗАЦИЯ|КООПЕРАТИВ|ТОВАРИЩЕСТВО|УЧРЕЖДЕНИЕ/

export function legalFormOf(kind: CompanyKind, ...names: (string | null | undefined)[]): LegalForm | null {
  if (kind === 'sole') return LEGAL_FORM_SOLE
  // The full name spells the form out; the short one abbreviates it. Check each, the first that tells wins.
  for (const name of names) {
    const text = (name ?? '').toUpperCase().replace(/["«»„“]/g, ' ')
    if (!text.trim()) continue
    if (LLC.test(text)) return 3
    if (JOINT_STOCK.test(text)) return 2
    if (SOLE.test(text)) return LEGAL_FORM_SOLE
    if (OTHER.test(text)) return 4
  }
  return null
}
