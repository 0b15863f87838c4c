import { formatPhone } from '../../../../core/validation'
import type { UserRow } from '../../../../server/auth/sessions'
import { lookup, type Lang } from '../../../../server/http/i18n'
import { TENDER_HISTORY_TYPE } from '../../contract'
import type { KpKind } from '../../kp/contract'
import type { tenders } from '../../tables'

type Tender = typeof tenders.$inferSelect

/** What the sender asked for: the kind, and the subject and text of their own (empty: the template's). */
export interface LetterInput {
  kind: KpKind
  subject: string
  body: string
}

/** The letter's links: /cabinet (the offer) and the open pixel; null in a preview (nothing to track yet). */
export interface LetterLinks {
  cabinet: string
  pixel: string | null
}

export interface Letter {
  subject: string
  /** The offer's own words (the template's or the sender's), kept with the KP and shown on /cabinet. */
  offer: string
  text: string
  html: string
}

export const senderLang = (user: Pick<UserRow, 'language'>): Lang => (user.language === 'en' ? 'en' : 'ru')

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)

function money(lang: Lang, amount: number | null): string | null {
  if (amount === null) return null
  return new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 }).format(amount)
}

/**
 * A KP letter in the sender's language (the module's `kp.mail.*` texts): greeting, the offer (the template's or the
 * sender's own text), the tender's data, the link to /cabinet and the sender's contacts from their profile. The HTML
 * part carries the open pixel; both parts carry the link.
 */
export function composeLetter(lang: Lang, tender: Tender, sender: UserRow, input: LetterInput, links: LetterLinks): Letter {
  const text = (key: string, params?: Record<string, string | number>) => lookup(lang, `tenders:kp.mail.${key}`, params) ?? key
  const number = tender.notification_number
  const guarantee = money(lang, tender.guarantee_amount)
  const standard = text(guarantee ? 'standard' : 'standardNoGuarantee', { number, guarantee: guarantee ?? '' })
  const offer = input.kind === TENDER_HISTORY_TYPE.offerSent ? input.body : standard
  const subject = input.subject || text('subject', { number })

  const facts: [string, string | null][] = [
    [text('number'), number],
    [text('name'), tender.name],
    [text('customer'), tender.customer_name],
    [text('initialPrice'), money(lang, tender.initial_price)],
    [text('contractPrice'), money(lang, tender.contract_price)],
    [text('guarantee'), guarantee ?? text('noGuarantee')],
  ]
  const factLines = facts.filter((f): f is [string, string] => f[1] !== null).map(([label, value]) => `${label}: ${value}`)
  const contacts = [
    text('senderName', { name: sender.full_name }),
    sender.phone ? text('senderPhone', { phone: formatPhone(sender.phone) }) : null,
    sender.email ? text('senderEmail', { email: sender.email }) : null,
  ].filter((l): l is string => l !== null)
  const greeting = text('greeting', { winner: tender.winner_name })

  const plain = [greeting, offer, [text('tender'), ...factLines].join('\n'), text('cta', { link: links.cabinet }), [text('regards'), ...contacts].join('\n')].join('\n\n')

  const paragraph = (s: string) => `<p>${escapeHtml(s).replace(/\n/g, '<br>')}</p>`
  const html = [
    paragraph(greeting),
    paragraph(offer),
    `<p><strong>${escapeHtml(text('tender'))}</strong><br>${factLines.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(links.cabinet)}">${escapeHtml(text('button'))}</a></p>`,
    paragraph([text('regards'), ...contacts].join('\n')),
    links.pixel ? `<img src="${escapeHtml(links.pixel)}" width="1" height="1" alt="" style="display:block;border:0">` : '',
  ].join('\n')
  return { subject, offer, text: plain, html }
}
