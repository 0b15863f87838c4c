import type { FastifyBaseLogger } from 'fastify'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Clock } from '../../../server/clock'
import type { Db } from '../../../server/db/client'
import { feedback, users } from '../../../server/db/schema'
import { feedbackMail } from '../tables'
import { composeEmail } from './email'
import type { MailProvider } from './mail/provider'
import { languageOf, type NotificationTexts } from './texts'
import { signUnsubscribe } from './unsubscribe/token'

const ADMIN_ROLE = 100
/** Any constant: the digest's claim is one at a time across every node sharing the database. */
const DIGEST_LOCK_ID = 727_009

export interface FeedbackDigestDeps {
  db: Db
  clock: Clock
  mail: MailProvider
  texts: NotificationTexts
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string
  secret: () => Promise<string>
  /** At most one digest per this many milliseconds (FEEDBACK_DIGEST_MS). */
  intervalMs: number
  log: Pick<FastifyBaseLogger, 'warn'>
}

export interface FeedbackDigest {
  /** Sends the digest if one is due (messages waiting, the interval since the last one passed on the clock); how many messages it carried. */
  run(): Promise<number>
}

/**
 * The administrators' e-mail about support messages: one digest per administrator per interval with every message
 * since the last digest, instead of one e-mail per message to every administrator. The claim is a transaction that
 * takes an advisory lock, checks that the last digest is at least an interval old, and stamps `feedback_mail.mailed_at`
 * on what is waiting (rows other claims hold are skipped): on several nodes exactly one takes each message. E-mails
 * go after the commit; when none could be sent (the mail server is down) the messages are given back for the next run.
 */
export function createFeedbackDigest(deps: FeedbackDigestDeps): FeedbackDigest {
  async function claim(): Promise<number[]> {
    return deps.db.transaction(async tx => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK_ID})`)
      const waiting = await tx
        .select({ id: feedbackMail.feedback_id })
        .from(feedbackMail)
        .where(isNull(feedbackMail.mailed_at))
        .orderBy(asc(feedbackMail.feedback_id))
        .for('update', { skipLocked: true })
      if (waiting.length === 0) return []
      const [last] = await tx.select({ ms: sql<string | null>`extract(epoch from max(${feedbackMail.mailed_at})) * 1000` }).from(feedbackMail)
      const now = deps.clock.now()
      if (last?.ms != null && now - Number(last.ms) < deps.intervalMs) return []
      const ids = waiting.map(w => w.id)
      await tx.update(feedbackMail).set({ mailed_at: new Date(now) }).where(inArray(feedbackMail.feedback_id, ids))
      return ids
    })
  }

  async function send(ids: number[]): Promise<{ sent: number; failed: number }> {
    const messages = await deps.db
      .select({ id: feedback.id, message: feedback.message, url: feedback.url, from_id: feedback.user_id, from_name: users.full_name })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.user_id))
      .where(inArray(feedback.id, ids))
      .orderBy(asc(feedback.id))
    const admins = await deps.db
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(and(eq(users.role, ADMIN_ROLE), eq(users.notify_messages, true)))
      .orderBy(asc(users.id))
    const secret = await deps.secret()
    let sent = 0
    let failed = 0
    for (const admin of admins) {
      // An administrator's own messages are not news to them (as with the bell).
      const theirs = messages.filter(m => m.from_id !== admin.id)
      if (!admin.email || theirs.length === 0) continue
      const lang = languageOf(admin.language)
      const head = deps.texts.render(lang, 'notifications:supportDigest', { count: theirs.length })
      const entries = theirs.map(m => {
        const entry = deps.texts.render(lang, 'notifications:supportDigestEntry', { from_name: m.from_name ?? '—', url: m.url, message: m.message })
        return `${entry.title}\n${entry.text}`
      })
      try {
        await deps.mail.send(
          composeEmail(
            {
              to: admin.email,
              userId: admin.id,
              lang,
              title: head.title,
              text: [head.text, ...entries].join('\n\n'),
              channel: 'messages',
              baseUrl: deps.publicUrl,
              tokens: { one: signUnsubscribe(secret, admin.id, 'messages'), all: signUnsubscribe(secret, admin.id, 'all') },
            },
            deps.texts,
          ),
        )
        sent++
      } catch (err) {
        failed++
        deps.log.warn({ err, admin: admin.id }, 'support digest e-mail failed')
      }
    }
    return { sent, failed }
  }

  return {
    async run() {
      const ids = await claim()
      if (ids.length === 0) return 0
      const { sent, failed } = await send(ids)
      if (sent === 0 && failed > 0) {
        await deps.db.update(feedbackMail).set({ mailed_at: null }).where(inArray(feedbackMail.feedback_id, ids))
        return 0
      }
      return ids.length
    },
  }
}
