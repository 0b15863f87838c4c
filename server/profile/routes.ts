import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Profile } from '../../core/auth/profile'
import { changePasswordForm, profileSettingsForm } from '../../core/validation'
import { profileLanguageForm } from '../../core/validation/forms'
import { refuseCommonPassword } from '../auth/common-passwords'
import { currentUser } from '../auth/require-user'
import type { SessionUser, UserRow } from '../auth/sessions'
import { users } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ok } from '../http/envelope'
import { ApiError } from '../http/errors'
import { parseBody } from '../http/validate'
import { emailChangeRoutes, pendingEmail } from './email-change'
import { toProfile } from './to-profile'

/** GET profile, POST profile/settings, POST profile/language, POST profile/password, the e-mail change (email-change.ts). */
export function profileRoutes(app: FastifyInstance, deps: ServerDeps): void {
  emailChangeRoutes(app, deps)
  // No socket ticket here: the client asks GET socket/ticket right before each connect (a profile load is not one).
  async function profileOf(_request: FastifyRequest, auth: SessionUser, user: UserRow): Promise<Profile> {
    let profile: Profile = { ...toProfile(user, deps.config.sipWsUrl), pending_email: await pendingEmail(deps, user.id) }
    // Fields modules add (e.g. impersonated_by, SPEC §2 "log into their cabinet").
    for (const contribute of app.extensions.profile) profile = { ...profile, ...(await contribute({ ...auth, user })) }
    return profile
  }

  app.get('/profile', { preHandler: app.requireUser() }, async request => {
    const auth = currentUser(request)
    return ok(await profileOf(request, auth, auth.user))
  })

  app.post('/profile/settings', { preHandler: app.requireUser() }, async request => {
    const auth = currentUser(request)
    const form = parseBody(profileSettingsForm, request.body)
    const [user] = await deps.db
      .update(users)
      .set({ notify_messages: form.notify_messages, notify_events: form.notify_events, is_agent: form.is_agent })
      .where(eq(users.id, auth.user.id))
      .returning()
    if (!user) throw new ApiError(404, 'notFound')
    return ok(await profileOf(request, auth, user))
  })

  // The account's language: notifications and e-mails are written in it from now on (those already stored too: they
  // are rendered when read). The browser calls it when a signed-in user switches the UI language.
  app.post('/profile/language', { preHandler: app.requireUser() }, async request => {
    const auth = currentUser(request)
    const { language } = parseBody(profileLanguageForm, request.body)
    const [user] = await deps.db.update(users).set({ language }).where(eq(users.id, auth.user.id)).returning()
    if (!user) throw new ApiError(404, 'notFound')
    return ok(await profileOf(request, auth, user))
  })

  app.post('/profile/password', { preHandler: app.requireUser() }, async request => {
    const auth = currentUser(request)
    const form = parseBody(changePasswordForm, request.body)
    if (!(await deps.passwords.verify(form.old_password, auth.user.password_hash, request.ip))) {
      throw new ApiError(422, 'wrongOldPassword', { validation: { old_password: 'server:wrongOldPassword' } })
    }
    refuseCommonPassword(form.password)
    const password_hash = await deps.passwords.hash(form.password, request.ip)
    // A password sent by an earlier recovery is void once the user chose a new one.
    await deps.db
      .update(users)
      .set({ password_hash, pending_password_hash: null, pending_password_expires_at: null })
      .where(eq(users.id, auth.user.id))
    // Other devices signed in with the old password are signed out; this one stays.
    await deps.sessions.revokeAllOf(auth.user.id, auth.sessionId)
    return ok(null)
  })
}
