import type { Locale } from '../../../core/events/map'
import type { NotificationChannel } from '../../../core/notifications/types'
import { UNSUBSCRIBE_PAGES } from '../contract'
import type { MailMessage } from './mail/provider'
import type { NotificationTexts } from './texts'

export interface EmailInput {
  to: string
  userId: number
  /** The recipient's language: the notification's texts are already in it, the frame is rendered in it. */
  lang: Locale
  title: string
  text: string
  /** The profile switch the e-mail came under (its type's channel). */
  channel: NotificationChannel
  /** PUBLIC_URL without a trailing slash. */
  baseUrl: string
  /** Signed one-time tokens: the e-mail's own switch, and both. */
  tokens: { one: string; all: string }
}

export function unsubscribeLink(baseUrl: string, page: string, token: string): string {
  return `${baseUrl}${page}?token=${encodeURIComponent(token)}`
}

/** A notification as an e-mail in the recipient's language: title and text, a link to the cabinet, the two unsubscribe links. */
export function composeEmail(input: EmailInput, texts: Pick<NotificationTexts, 'own'>): MailMessage {
  const say = (path: string) => texts.own(input.lang, path)
  const frame = {
    open: say('email.open'),
    why: say(`email.why.${input.channel}`),
    unsubscribeOne: say(`email.unsubscribeOne.${input.channel}`),
    unsubscribeAll: say('email.unsubscribeAll'),
  }
  const open = `${input.baseUrl}/notifications`
  const one = unsubscribeLink(input.baseUrl, UNSUBSCRIBE_PAGES.one, input.tokens.one)
  const all = unsubscribeLink(input.baseUrl, UNSUBSCRIBE_PAGES.all, input.tokens.all)
  const text = [
    input.title,
    '',
    input.text,
    '',
    `${frame.open}: ${open}`,
    '',
    '—',
    frame.why,
    `${frame.unsubscribeOne}: ${one}`,
    `${frame.unsubscribeAll}: ${all}`,
  ].join('\n')
  const html = `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif">
<h2>${escapeHtml(input.title)}</h2>
<p>${escapeHtml(input.text).replace(/\n/g, '<br>')}</p>
<p><a href="${escapeHtml(open)}">${escapeHtml(frame.open)}</a></p>
<hr><p style="color:#666;font-size:12px">${escapeHtml(frame.why)}<br>
<a href="${escapeHtml(one)}">${escapeHtml(frame.unsubscribeOne)}</a> · <a href="${escapeHtml(all)}">${escapeHtml(frame.unsubscribeAll)}</a></p>
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
