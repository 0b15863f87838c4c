import { UNSUBSCRIBE_PAGES, type EmailSwitch } from '../contract'
import type { MailMessage } from './mail/provider'

/** The product is Russian by default (SPEC) and users carry no language: notification e-mails are in Russian. */
const TEXT = {
  open: 'Открыть уведомления',
  why: {
    notify_messages: 'Вы получили это письмо, потому что в профиле включены уведомления о новых сообщениях.',
    notify_events: 'Вы получили это письмо, потому что в профиле включены уведомления о новых событиях.',
  },
  unsubscribeOne: {
    notify_messages: 'Отписаться от писем о новых сообщениях',
    notify_events: 'Отписаться от писем о новых событиях',
  },
  unsubscribeAll: 'Отписаться от всех писем',
} as const

export interface EmailInput {
  to: string
  userId: number
  title: string
  text: string
  switch: EmailSwitch
  /** PUBLIC_URL without a trailing slash. */
  baseUrl: string
  /** Signed one-time tokens: the e-mail's own switch, and both. */
  tokens: { one: string; all: string }
}

export function unsubscribeLink(baseUrl: string, page: string, token: string): string {
  return `${baseUrl}${page}?token=${encodeURIComponent(token)}`
}

/** A notification as an e-mail: its title and text, a link to the cabinet, and the two unsubscribe links. */
export function composeEmail(input: EmailInput): MailMessage {
  const open = `${input.baseUrl}/notifications`
  const one = unsubscribeLink(input.baseUrl, UNSUBSCRIBE_PAGES.one, input.tokens.one)
  const all = unsubscribeLink(input.baseUrl, UNSUBSCRIBE_PAGES.all, input.tokens.all)
  const text = [
    input.title,
    '',
    input.text,
    '',
    `${TEXT.open}: ${open}`,
    '',
    '—',
    TEXT.why[input.switch],
    `${TEXT.unsubscribeOne[input.switch]}: ${one}`,
    `${TEXT.unsubscribeAll}: ${all}`,
  ].join('\n')
  const html = `<!doctype html><html lang="ru"><body style="font-family:sans-serif">
<h2>${escapeHtml(input.title)}</h2>
<p>${escapeHtml(input.text).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(open)}">${TEXT.open}</a></p>
<hr><p style="color:#666;font-size:12px">${TEXT.why[input.switch]}<br>
<a href="${escapeHtml(one)}">${TEXT.unsubscribeOne[input.switch]}</a> · <a href="${escapeHtml(all)}">${TEXT.unsubscribeAll}</a></p>
</body></html>`
  return {
    to: input.to,
    userId: input.userId,
    subject: input.title,
    text,
    html,
    // Mail clients show their own "unsubscribe" button for this (RFC 2369); it opens the single-switch page.
    headers: { 'List-Unsubscribe': `<${one}>` },
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}
