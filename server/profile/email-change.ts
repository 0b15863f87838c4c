import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { confirmEmailForm, profileEmailForm } from '../../core/validation/forms'
import { currentUser } from '../auth/require-user'
import type { UserRow } from '../auth/sessions'
import { newSecret, sha256 } from '../auth/tokens'
import { emailChanges, users } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { t, type Lang } from '../http/i18n'
import { parseBody } from '../http/validate'

/** How long the confirmation link works. */
export const EMAIL_LINK_HOURS = 24

/** A new letter at most this often per user: the form cannot be turned into a mail cannon. */
export const EMAIL_RESEND_MS = 60_000

/** The public page the link opens (modules/account ConfirmEmailPage), which confirms and says so. */
export const CONFIRM_EMAIL_PATH = '/confirm-email'

/** The e-mail a user asked to change to and has not confirmed yet (null: none, or its link expired). */
export async function pendingEmail(deps: ServerDeps, userId: number): Promise<string | null> {
  const [row] = await deps.db
    .select({ new_email: emailChanges.new_email })
    .from(emailChanges)
    .where(and(eq(emailChanges.user_id, userId), gt(emailChanges.expires_at, new Date(deps.clock.now()))))
  return row?.new_email ?? null
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)

function letter(lang: Lang, user: UserRow, email: string, link: string) {
  const params = { name: user.full_name, email, link, hours: EMAIL_LINK_HOURS }
  const text = t(lang, 'server:emailChangeText', params)
  const html = `${text
    .split('\n\n')
    .map(p => `<p>${escapeHtml(p).replace(/\n/g, '<br>').replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(t(lang, 'server:emailChangeButton'))}</a>`)}</p>`)
    .join('\n')}`
  return { subject: t(lang, 'server:emailChangeSubject'), text, html }
}

/**
 * POST profile/email: a new e-mail is confirmed by a link sent to it (the account's language); the e-mail in use
 * stays until the link is opened. A new request replaces the pending one (its link stops working).
 * POST profile/email/confirm (public: the link may be opened on another device, signed out): the token of a
 * pending change, not expired → the new e-mail is the account's, and the link is spent.
 */
export function emailChangeRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.post('/profile/email', { preHandler: app.requireUser() }, async request => {
    const { user } = currentUser(request)
    const { email } = parseBody(profileEmailForm, request.body)
    if (email.toLowerCase() === (user.email ?? '').toLowerCase()) {
      throw new ApiError(422, 'invalidInput', { validation: { email: 'server:emailUnchanged' } })
    }
    const mail = app.extensions.mail
    if (!mail) throw new ApiError(503, 'mailUnavailable')
    const now = deps.clock.now()
    const [previous] = await deps.db.select({ created_at: emailChanges.created_at }).from(emailChanges).where(eq(emailChanges.user_id, user.id))
    const wait = previous ? previous.created_at.getTime() + EMAIL_RESEND_MS - now : 0
    if (wait > 0) throw new ApiError(429, 'tooManyRequests', { retryAfterSeconds: Math.ceil(wait / 1000) })
    const token = newSecret()
    const row = { new_email: email, token_hash: sha256(token), expires_at: new Date(now + EMAIL_LINK_HOURS * 3_600_000), created_at: new Date(now) }
    await deps.db
      .insert(emailChanges)
      .values({ user_id: user.id, ...row })
      .onConflictDoUpdate({ target: emailChanges.user_id, set: row })
    const link = new URL(`${CONFIRM_EMAIL_PATH}?token=${token}`, deps.config.publicUrl).toString()
    const lang: Lang = user.language === 'en' ? 'en' : 'ru'
    try {
      await mail.send({ to: email, userId: user.id, ...letter(lang, user, email, link) })
    } catch (error) {
      // A letter that could not be handed over leaves no pending change behind (unless a newer request replaced it).
      await deps.db.delete(emailChanges).where(and(eq(emailChanges.user_id, user.id), eq(emailChanges.token_hash, row.token_hash)))
      request.log.warn({ err: error }, 'e-mail confirmation letter not sent')
      throw new ApiError(503, 'mailUnavailable')
    }
    return ok({ pending_email: email })
  })

  app.post('/profile/email/confirm', async request => {
    const { token } = parseBody(confirmEmailForm, request.body)
    const email = await deps.db.transaction(async tx => {
      const [change] = await tx.select().from(emailChanges).where(eq(emailChanges.token_hash, sha256(token))).for('update')
      if (!change) throw new ApiError(410, 'emailLinkInvalid')
      if (change.expires_at.getTime() <= deps.clock.now()) throw new ApiError(410, 'emailLinkExpired')
      await tx.update(users).set({ email: change.new_email }).where(eq(users.id, change.user_id))
      await tx.delete(emailChanges).where(eq(emailChanges.user_id, change.user_id))
      return change.new_email
    })
    return ok({ email })
  })
}
