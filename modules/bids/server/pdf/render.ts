import en from './i18n/en.json'
import ru from './i18n/ru.json'
import { formatDate, formatDateTime, formatSum, pluralRu, toDate } from './format'
import { PdfWriter, type Row } from './layout'
import type { ApplicationInput, PdfBid, PdfCompany, PdfLang, PdfPerson, QuestionnaireInput, Sum } from './types'

/**
 * The bid's generated documents (issue 11 "Generated documents"): the application and the client questionnaire,
 * real PDFs in Russian by default (English on request), filled from the bid and its company. Texts come from
 * ./i18n/{ru,en}.json; the same input gives the same bytes (the creation date is `generated_at`).
 */

type Pack = typeof ru
const packs: Record<PdfLang, Pack> = { ru, en }

function text(lang: PdfLang, path: string, params: Record<string, string | number> = {}): string {
  let node: unknown = packs[lang]
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  const raw = typeof node === 'string' ? node : path
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => String(params[name] ?? m))
}

function labels(lang: PdfLang) {
  const l = (key: string, params?: Record<string, string | number>) => text(lang, `label.${key}`, params)
  const sum = (value: Sum) => {
    const formatted = formatSum(value, lang)
    return formatted === null ? null : `${formatted} ${text(lang, 'value.currency')}`
  }
  const flag = (value: boolean | null | undefined) => (value === null || value === undefined ? null : text(lang, value ? 'value.yes' : 'value.no'))
  const days = (count: number | null | undefined) =>
    count === null || count === undefined ? null : text(lang, `value.days_${lang === 'ru' ? pluralRu(count) : count === 1 ? 'one' : 'many'}`, { count })
  const coded = (group: 'service' | 'guaranteeType' | 'leasingType' | 'federalLaw', code: number | string | null | undefined) => {
    if (code === null || code === undefined || code === '') return null
    const found = (packs[lang][group] as Record<string, string>)[String(code)]
    return found ?? String(code)
  }
  return { l, sum, flag, days, coded }
}

const companyName = (c: PdfCompany) => c.short_name || c.full_name || ''

function companyRows(lang: PdfLang, c: PdfCompany): Row[] {
  const { l } = labels(lang)
  return [
    { label: l('fullName'), value: c.full_name },
    { label: l('shortName'), value: c.short_name },
    { label: l('inn'), value: c.inn },
    { label: l('kpp'), value: c.kpp },
    { label: l('ogrn'), value: c.ogrn },
    { label: l('okpo'), value: c.okpo },
    { label: l('okved'), value: c.okved },
  ]
}

const personRows = (lang: PdfLang, p: PdfPerson | null | undefined): Row[] => {
  const { l } = labels(lang)
  if (!p) return []
  return [
    { label: l('personName'), value: p.name },
    { label: l('position'), value: p.position },
    { label: l('phone'), value: p.phone },
    { label: l('email'), value: p.email },
  ]
}

const hasAny = (rows: readonly Row[]) => rows.some(r => r.value !== null && r.value !== undefined && r.value !== '')

function sectionIf(pdf: PdfWriter, title: string, rows: readonly Row[]): void {
  if (!hasAny(rows)) return
  pdf.section(title)
  pdf.rows(rows)
}

function bidSections(pdf: PdfWriter, lang: PdfLang, bid: PdfBid): void {
  const { l, sum, flag, days, coded } = labels(lang)
  sectionIf(pdf, text(lang, 'section.customer'), [
    { label: l('federalLaw'), value: coded('federalLaw', bid.federal_law) },
    { label: l('customerName'), value: bid.customer_name },
    { label: l('customerInn'), value: bid.customer_inn },
    { label: l('customerAddress'), value: bid.customer_address },
  ])
  sectionIf(pdf, text(lang, 'section.contract'), [
    { label: l('contractSubject'), value: bid.contract_subject },
    { label: l('initialMaxPrice'), value: sum(bid.initial_max_price) },
    { label: l('contractSum'), value: sum(bid.contract_sum) },
    { label: l('actualContractSum'), value: sum(bid.actual_contract_sum) },
    { label: l('contractStart'), value: formatDate(bid.contract_start) },
    { label: l('contractEnd'), value: formatDate(bid.contract_end) },
  ])
  sectionIf(pdf, text(lang, 'section.terms'), [
    { label: l('guaranteeType'), value: coded('guaranteeType', bid.type_bg) },
    { label: l('securitySum'), value: sum(bid.security_sum) },
    { label: l('creditSum'), value: sum(bid.credit_sum) },
    { label: l('guaranteeStart'), value: formatDate(bid.date_bg_start) },
    { label: l('guaranteeEnd'), value: formatDate(bid.date_bg_end) },
    { label: l('days'), value: days(bid.days) },
    { label: l('issueDeadline'), value: formatDate(bid.issue_deadline_date) },
    { label: l('byCustomerForm'), value: flag(bid.by_customer_form) },
    { label: l('directDebiting'), value: flag(bid.direct_debiting) },
    { label: l('hasDeposit'), value: flag(bid.has_deposit) },
    { label: l('hasLosses'), value: flag(bid.has_losses) },
    { label: l('hasGovernmentContracts'), value: flag(bid.has_government_contracts) },
    { label: l('leasingType'), value: coded('leasingType', bid.leasing_type) },
    { label: l('initialFee'), value: sum(bid.initial_fee) },
  ])
  const account = bid.special_account
  if (account)
    sectionIf(pdf, text(lang, 'section.specialAccount'), [
      { label: l('accountBank'), value: account.bank },
      { label: l('accountNumber'), value: account.account },
      { label: l('bik'), value: account.bik },
    ])
  if (bid.lots && bid.lots.length > 0) {
    pdf.section(text(lang, 'section.lots'))
    for (const lot of bid.lots) pdf.row(l('lot', { number: lot.number }), [lot.name, sum(lot.sum)].filter(Boolean).join(' — ') || '—')
  }
}

/** The bid application: applicant, the bid's fields of its service, the chosen banks, declaration, signature lines. */
export async function renderApplication(input: ApplicationInput): Promise<Buffer> {
  const lang = input.lang ?? 'ru'
  const { bid, company } = input
  const { l, coded } = labels(lang)
  const service = coded('service', bid.service_type) ?? ''
  const title = text(lang, 'application.title', { number: bid.number })
  const pdf = new PdfWriter({ title, author: companyName(company), createdAt: toDate(input.generated_at), lang })
  pdf.title(title, text(lang, 'application.subtitle', { service }))

  pdf.section(text(lang, 'section.bid'))
  pdf.rows([
    { label: l('number'), value: String(bid.number) },
    { label: l('service'), value: service },
    { label: l('createdAt'), value: formatDate(bid.created_at) },
    { label: l('submittedAt'), value: formatDate(bid.submitted_at) },
    { label: l('generatedAt'), value: formatDateTime(input.generated_at, lang === 'ru' ? 'МСК' : 'MSK') },
  ])
  sectionIf(pdf, text(lang, 'section.applicant'), [
    ...companyRows(lang, company),
    { label: l('legalAddress'), value: company.legal_address },
    { label: l('director'), value: [company.director?.name, company.director?.position].filter(Boolean).join(', ') || null },
    { label: l('phone'), value: company.contact?.phone },
    { label: l('email'), value: company.contact?.email },
  ])
  bidSections(pdf, lang, bid)

  pdf.section(text(lang, 'section.banks'))
  if (input.banks.length === 0) pdf.paragraph(text(lang, 'value.none'))
  input.banks.forEach((bank, i) => pdf.row(`${i + 1}. ${l(bank.channel === 'mfo' ? 'mfo' : 'bank')}`, bank.name))

  pdf.paragraph(text(lang, 'application.declaration'))
  pdf.signature([companyName(company), text(lang, 'signatureLine'), text(lang, 'dateLine')])
  return pdf.finish((page, pages) => text(lang, 'footer.page', { number: bid.number, page, pages }))
}

/** The client questionnaire: the company's particulars, addresses, director, contact, accounts and owners. */
export async function renderQuestionnaire(input: QuestionnaireInput): Promise<Buffer> {
  const lang = input.lang ?? 'ru'
  const { bid, company } = input
  const { l } = labels(lang)
  const title = text(lang, 'questionnaire.title')
  const pdf = new PdfWriter({ title, author: companyName(company), createdAt: toDate(input.generated_at), lang })
  pdf.title(title, text(lang, 'questionnaire.subtitle', { number: bid.number, date: formatDate(bid.submitted_at ?? bid.created_at ?? input.generated_at) ?? '' }))

  sectionIf(pdf, text(lang, 'section.company'), companyRows(lang, company))
  sectionIf(pdf, text(lang, 'section.addresses'), [
    { label: l('legalAddress'), value: company.legal_address },
    { label: l('postalAddress'), value: company.postal_address },
  ])
  sectionIf(pdf, text(lang, 'section.management'), personRows(lang, company.director))
  sectionIf(pdf, text(lang, 'section.contact'), personRows(lang, company.contact))
  if (company.accounts && company.accounts.length > 0) {
    pdf.section(text(lang, 'section.accounts'))
    for (const a of company.accounts)
      pdf.rows([
        { label: l('accountBank'), value: a.bank },
        { label: l('accountNumber'), value: a.account },
        { label: l('bik'), value: a.bik },
        { label: l('correspondentAccount'), value: a.correspondent_account },
      ])
  }
  if (company.owners && company.owners.length > 0) {
    pdf.section(text(lang, 'section.owners'))
    for (const o of company.owners) {
      const share = o.share === null || o.share === undefined || o.share === '' ? null : `${l('share')} ${String(o.share).replace('.', lang === 'ru' ? ',' : '.')} %`
      pdf.row(o.name, [o.inn ? `${l('inn')} ${o.inn}` : null, share].filter(Boolean).join(', ') || '—')
    }
  }
  pdf.section(text(lang, 'section.bid'))
  pdf.rows([
    { label: l('number'), value: String(bid.number) },
    { label: l('service'), value: labels(lang).coded('service', bid.service_type) },
    { label: l('generatedAt'), value: formatDateTime(input.generated_at, lang === 'ru' ? 'МСК' : 'MSK') },
  ])
  pdf.paragraph(text(lang, 'questionnaire.declaration'))
  pdf.signature([companyName(company), text(lang, 'signatureLine'), text(lang, 'dateLine')])
  return pdf.finish((page, pages) => text(lang, 'footer.page', { number: bid.number, page, pages }))
}
