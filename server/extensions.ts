import type { Profile } from '../core/auth/profile'
import type { SessionUser, UserRow } from './auth/sessions'
import type { CompanyRow } from './company/queries'
import type { Db } from './db/client'
import type { Notifier } from './notify'
import type { FullnessKey } from './statistics/client-fullness'

/** What a completeness contributor sees: the signed-in client and their own company (if any). */
export interface FullnessContext {
  db: Db
  auth: SessionUser
  company: CompanyRow | undefined
}

/**
 * Something the client still has to fill in for a completeness item: `label` an i18n key (`clients:company.inn`,
 * translated in the answer), `to` the cabinet page where it is filled in, `field` the form field's name there.
 */
export interface FullnessMissing {
  label: string
  to: string
  field: string | null
}
/** A percent with what is missing for the rest. */
export interface FullnessPart {
  percent: number
  missing: FullnessMissing[]
}

/** Percents (0..100), with or without what is missing, for the keys a module knows; keys it leaves out keep the core's value. */
export type FullnessContributor = (ctx: FullnessContext) => Promise<Partial<Record<FullnessKey, number | FullnessPart>>>

/** Fields a module adds to GET v1/profile for a session (e.g. `impersonated_by`). */
export type ProfileContributor = (auth: SessionUser) => Promise<Partial<Profile>>

/** A support message as stored (POST users/feedback); `from` is who wrote it. */
export interface FeedbackReceived {
  id: number
  message: string
  url: string
  from: { id: number; name: string; role: number }
  hasEventLog: boolean
}
/**
 * Runs in the transaction that stores a support message (e.g. notifications tell the administrators), in a savepoint
 * of its own: what it writes commits with the message, and its failure rolls back only its own part.
 */
export type FeedbackListener = (feedback: FeedbackReceived, tx: Db) => Promise<void>

/** SPEC §3 "search result client": a client found by phone (the call panel's links). */
export interface ClientByPhone {
  id: number
  organization_short_name: string | null
  contact_person_full_name: string | null
  inn: string | null
  agentClient: { id: number } | null
}
/** Clients with this number (11 digits) that `user` may see, at most `limit`. */
export type ClientsByPhone = (user: UserRow, phone: string, limit: number) => Promise<ClientByPhone[]>

/** SPEC §3 search result call: the tender a call was made from, named by the module that keeps tenders. */
export interface TenderTitle {
  id: number
  notification_number: string
  name: string
}
/** The tenders among these ids that exist (the call panel's earlier calls name their tender). */
export type TendersByIds = (ids: readonly number[]) => Promise<TenderTitle[]>

/** A letter a core route sends (the e-mail change's confirmation link) through the module that keeps mail. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  userId?: number
}
export interface CoreMail {
  send(message: OutgoingMail): Promise<void>
}

/**
 * A task another module creates in its own transaction (the call panel's call-back outcome, a site callback taken
 * into work): the tasks module checks nothing the caller already checked, schedules the reminders, and notifies.
 */
export interface TaskDraft {
  /** 10 general, 20 call back. */
  type: 10 | 20
  name: string
  description?: string
  responsibleId: number
  authorId: number | null
  /** `yyyy-mm-dd` and `HH:MM` on the business clock (modules/tasks/contract.ts). */
  date: string
  time: string
  /** Minutes before the start; 0 = at the start (a call-back's own reminder). */
  remindExecutor?: readonly number[]
  remindEmail?: boolean
  links?: readonly { kind: 'client' | 'tender' | 'bid' | 'call'; id: number }[]
}
/** What the module keeping tasks offers the others (server side). */
export interface TaskService {
  create(tx: Db, draft: TaskDraft): Promise<{ id: number }>
  /** Completes (30) or cancels (40) a task whoever holds it (the call-back marked done where it was made); history by `userId`. */
  finish(tx: Db, id: number, status: 30 | 40, userId: number | null): Promise<void>
  /**
   * The current status (10 new, 20 in work, 30 completed, 40 cancelled) of each of these tasks that exists, so a
   * module keeping its own record of a task (the call center's call-backs) never contradicts what /tasks did to it.
   */
  statuses(db: Db, ids: readonly number[]): Promise<Map<number, number>>
}

/** Runs after a password sign-in succeeded (POST users/sign-in), before the answer; a failing listener is logged. */
export type SignInListener = (user: UserRow, db: Db) => Promise<void>

/**
 * Extension points of core routes that modules fill (the core never imports a module): a module pushes its
 * contributors from `decorate()` or `register()`; the core routes read the lists on every request.
 */
export interface CoreExtensions {
  /** GET v1/statistics/client-fullness: applied in order, a later contributor wins for a key. */
  fullness: FullnessContributor[]
  /** GET v1/profile (and the profile returned by profile/settings). */
  profile: ProfileContributor[]
  /** POST users/feedback: after the message is stored; a failing listener is logged, never fails the request. */
  feedbackReceived: FeedbackListener[]
  /** POST users/sign-in: e.g. the tenders module trims the user's stored registry filter to its limit (SPEC §7). */
  signedIn: SignInListener[]
  /** Lookups of clients by phone that modules keeping clients offer (the call center's number search). */
  clientsByPhone: ClientsByPhone[]
  /** Tenders by id that the module keeping tenders offers (the call center's earlier calls from a tender page). */
  tendersByIds: TendersByIds[]
  /**
   * The implementation behind `app.notify` (server/notify.ts), set once by the module that keeps notifications
   * (from its `decorate()`); null: notify is a no-op.
   */
  notifier: Notifier | null
  /** Tasks, set once by the module that keeps them (from its `decorate()`); null: no tasks are made. */
  tasks: TaskService | null
  /** The mail provider the notifications module sends with (SMTP or the outbox table), set from its `decorate()`; null: none. */
  mail: CoreMail | null
}

declare module 'fastify' {
  interface FastifyInstance {
    extensions: CoreExtensions
  }
}

export function createExtensions(): CoreExtensions {
  return { fullness: [], profile: [], feedbackReceived: [], signedIn: [], clientsByPhone: [], tendersByIds: [], notifier: null, tasks: null, mail: null }
}
