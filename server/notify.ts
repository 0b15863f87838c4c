import type { NotificationTypeDef } from '../core/notifications/types'
import type { Db } from './db/client'

/**
 * Notifications from any module or core route (DESIGN §10), without importing the notifications module:
 *
 *   await deps.db.transaction(async tx => {
 *     await tx.update(bids).set({ status: 40 }).where(eq(bids.id, id))
 *     await app.notify(tx, { to: bid.user_id, type: BID_NOTIFICATION, params: { id, context: 'approved' } })
 *   })
 *
 * `notify` writes to an outbox in the caller's transaction: nothing is stored when it rolls back, and nothing is
 * delivered before it commits. After the commit the bell is pushed (`updateTopNotifications`) and the e-mail sent,
 * once, by whichever node claims it. Texts are the owning module's i18n keys (`<type.key>.title` / `.text`),
 * rendered with `params` in each recipient's own language (users.language). The notifications module provides the
 * implementation (CoreExtensions.notifier); without it `notify` stores nothing and resolves with no ids.
 */

/**
 * What the texts are interpolated with: i18next options, so `count` picks a plural form and `context` a variant
 * (`title_approved`). Stored with the notification and returned as SPEC §3 `notification.params`; `id` is the
 * linked record (tender, bid, task, offer) the type's link opens.
 */
export type NotificationParams = Readonly<Record<string, string | number | boolean | null>>

export interface NotifyInput {
  /** One user or several; unknown ids are skipped, duplicates count once. */
  to: number | readonly number[]
  /** A type some server module declares (`ServerModule.notifications`); anything else throws. */
  type: NotificationTypeDef
  params?: NotificationParams
  /** false: the bell only, never an e-mail (say the action sends a letter of its own). Default true: the recipient's switch for the type's channel decides. */
  email?: boolean
}

export interface NotifyResult {
  /** The stored notifications, one per existing recipient (visible to others once the transaction commits). */
  ids: readonly number[]
}

/** NotifyInput after the core checked it: the type is declared, recipients are distinct positive ids. */
export interface CheckedNotifyInput {
  to: readonly number[]
  type: NotificationTypeDef
  params: NotificationParams
  email: boolean
}

/** The implementation a module plugs in (CoreExtensions.notifier): one per app. */
export interface Notifier {
  /** Writes the outbox rows in `tx` (the caller's transaction, or the root db for a transaction of its own). */
  write(tx: Db, input: CheckedNotifyInput): Promise<NotifyResult>
  /** See Notify.flush. */
  flush(): Promise<void>
}

export interface Notify {
  (tx: Db, input: NotifyInput): Promise<NotifyResult>
  /**
   * Resolves once this node has delivered every committed notification it can claim now and finished the deliveries
   * it had under way (tests, graceful shutdown). Never rejects: a failed delivery is logged and retried later.
   */
  flush(): Promise<void>
}

/** Every server module's declared types by number (`app.notificationTypes`). */
export type NotificationTypes = ReadonlyMap<number, NotificationTypeDef>

declare module 'fastify' {
  interface FastifyInstance {
    /** Notify users in the caller's transaction (server/notify.ts). */
    notify: Notify
    /** The notification types every server module declared, by number. */
    notificationTypes: NotificationTypes
  }
}

/** SPEC §3 `type` is stored as a smallint. */
const TYPE_MAX = 32767
const KEY = /^[a-z][\w-]*:[\w.-]+$/

/** The types of all modules, by number; two modules claiming one number (or one module twice) fail the start. */
export function collectNotificationTypes(modules: readonly { id: string; notifications?: readonly NotificationTypeDef[] }[]): NotificationTypes {
  const types = new Map<number, NotificationTypeDef>()
  const owners = new Map<number, string>()
  for (const module of modules) {
    for (const def of module.notifications ?? []) {
      if (!Number.isSafeInteger(def.type) || def.type < 1 || def.type > TYPE_MAX) {
        throw new Error(`Module "${module.id}" declares notification type ${String(def.type)}: a number 1…${TYPE_MAX} is expected`)
      }
      if (!KEY.test(def.key)) throw new Error(`Module "${module.id}" declares notification type ${def.type} with key "${def.key}": "<namespace>:<path>" is expected`)
      const owner = owners.get(def.type)
      if (owner !== undefined) throw new Error(`Notification type ${def.type} is declared twice (modules "${owner}" and "${module.id}")`)
      types.set(def.type, def)
      owners.set(def.type, module.id)
    }
  }
  return types
}

/** `app.notify`: checks the input, then hands it to the installed notifier (none installed: a no-op). */
export function createNotify(types: NotificationTypes, notifier: () => Notifier | null): Notify {
  const notify = async (tx: Db, input: NotifyInput): Promise<NotifyResult> => {
    const checked = check(types, input)
    const impl = notifier()
    if (!impl || checked.to.length === 0) return { ids: [] }
    return impl.write(tx, checked)
  }
  return Object.assign(notify, { flush: async () => notifier()?.flush() })
}

/** A programmer's mistake throws (and so rolls the caller's transaction back): it must fail loudly in tests. */
function check(types: NotificationTypes, input: NotifyInput): CheckedNotifyInput {
  const declared = types.get(input.type.type)
  if (!declared || declared.key !== input.type.key || declared.channel !== input.type.channel) {
    throw new TypeError(`notify: notification type ${String(input.type.type)} (${input.type.key}) is not declared by any server module`)
  }
  const ids = typeof input.to === 'number' ? [input.to] : input.to
  for (const id of ids) if (!Number.isSafeInteger(id) || id < 1) throw new TypeError(`notify: bad recipient id ${String(id)}`)
  const params = input.params ?? {}
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && !['string', 'number', 'boolean'].includes(typeof value)) throw new TypeError(`notify: param "${name}" must be a string, number, boolean or null`)
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`notify: param "${name}" must be a finite number`)
  }
  return { to: [...new Set(ids)], type: declared, params, email: input.email !== false }
}
