import { sql } from 'drizzle-orm'
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { SocketMessage } from '../../core/socket/message'

/**
 * Core tables. Module tables live in `modules/<name>/tables.ts` (picked up by drizzle.config.ts),
 * so the core never imports a module. Times are `timestamptz` written from the injected clock,
 * never from the database's `now()`, so tests can move time.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull()

export const offices = pgTable('offices', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  created_at: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** 11 digits, 7 + national number (`77001000010`). */
    phone: varchar('phone', { length: 11 }).notNull(),
    /** `scrypt$N$r$p$salt$hash`, see server/auth/password.ts. */
    password_hash: text('password_hash').notNull(),
    full_name: text('full_name').notNull(),
    email: text('email'),
    role: smallint('role').notNull(),
    office_id: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    tender_service: boolean('tender_service').notNull().default(false),
    sip_code: text('sip_code'),
    sip_password: text('sip_password'),
    notify_messages: boolean('notify_messages').notNull().default(true),
    notify_events: boolean('notify_events').notNull().default(true),
    is_agent: boolean('is_agent').notNull().default(false),
    /** The user's language (Locale: `ru` | `en`): notification texts and e-mails are rendered in it. */
    language: varchar('language', { length: 2 }).notNull().default('ru'),
    /** Set while the account is switched off (an employee disabled by a manager): no sign-in, no session. */
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    /**
     * A password sent by recovery, not yet used: signing in with it makes it the password (server/users). The
     * old one keeps working meanwhile, so a stranger who knows a phone and a name cannot lock its owner out.
     */
    pending_password_hash: text('pending_password_hash'),
    pending_password_expires_at: timestamp('pending_password_expires_at', { withTimezone: true }),
    created_at: createdAt(),
    /**
     * The name and e-mail as the lists search them (server/search/search.ts `textField`): search_text() of the
     * column (drizzle/0007, 0008), stored, so the trigram index's recheck reads a column instead of running the
     * normalisation on every candidate row. Never written: the database keeps them.
     */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(full_name)`),
    search_email: text('search_email').generatedAlwaysAs(sql`search_text(email)`),
  },
  t => [
    uniqueIndex('users_phone_unique').on(t.phone),
    index('users_full_name_search').using('gin', t.search_name.op('gin_trgm_ops')),
    index('users_email_search').using('gin', t.search_email.op('gin_trgm_ops')),
  ],
)

/** Minimal now; the companies issue adds the remaining SPEC §3 fields. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    /** The client (role 10) whose company this is. */
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The agent (role 30/35) who brought the client, if any. */
    agent_user_id: integer('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The agent's office, kept by triggers (migration 0014: the company's agent set, the agent's office changed),
     * never written by the application: an agent manager's scope is this one column (server/access/scope.ts
     * `UserWithOffice`), searched with the name in one index.
     */
    agent_office_id: integer('agent_office_id'),
    inn: varchar('inn', { length: 12 }),
    ogrn: varchar('ogrn', { length: 15 }),
    kpp: varchar('kpp', { length: 9 }),
    short_name: text('short_name'),
    full_name: text('full_name'),
    created_at: createdAt(),
    /** The short name as the company lists search it (search_text(short_name), stored; see users.search_name). */
    search_name: text('search_name').generatedAlwaysAs(sql`search_text(short_name)`),
  },
  t => [
    index('companies_owner_idx').on(t.owner_user_id),
    index('companies_agent_idx').on(t.agent_user_id),
    // An office's companies newest first, and counted from the index alone.
    index('companies_agent_office_idx').on(t.agent_office_id, t.id),
    // The name's trigrams after the agent's office (btree_gin): a name search on its own (the office's entries are
    // not read) or within an office, both conditions in one scan.
    index('companies_short_name_search').using('gin', t.agent_office_id, t.search_name.op('gin_trgm_ops')),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 (hex) of the bearer token; the token itself is never stored. */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Absolute expiry; the idle limit is checked against last_seen_at. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** SignInMethod of core/auth/profile.ts. */
    sign_in_method: varchar('sign_in_method', { length: 16 }).notNull(),
  },
  t => [uniqueIndex('sessions_token_hash_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
)

export const socketTickets = pgTable(
  'socket_tickets',
  {
    id: serial('id').primaryKey(),
    ticket_hash: varchar('ticket_hash', { length: 64 }).notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked for the ticket: socket wake-ups keep that session alive. */
    session_id: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  t => [uniqueIndex('socket_tickets_hash_unique').on(t.ticket_hash), index('socket_tickets_user_idx').on(t.user_id)],
)

/**
 * An e-mail change waiting for its confirmation link (server/profile/email-change.ts): at most one per user (a new
 * request replaces it). Until the link is opened the user's e-mail stays as it was. The token is stored hashed.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    /** sha256 (hex) of the link's token. */
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: createdAt(),
  },
  t => [uniqueIndex('email_changes_token_hash_unique').on(t.token_hash)],
)

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  url: text('url').notNull(),
  /** Redacted JSON Lines of the client's latest bus events: a replayable scenario. */
  events: text('events'),
  created_at: createdAt(),
})

/** SMS_STATUS of sms/provider.ts: 1 new, 2 sent, 3 error (SPEC §4). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 11 }).notNull(),
    text: text('text').notNull(),
    status: smallint('status').notNull().default(1),
    /** The last failure's text (status 3 error), as the provider gave it. */
    error: text('error'),
    /** Sending attempts so far (the job queue retries a failed SMS with backoff). */
    attempts: smallint('attempts').notNull().default(0),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  t => [index('sms_outbox_status_idx').on(t.status)],
)


/**
 * The socket hub's per-user message counter (server/socket/outbox.ts). It lives in the database so that
 * every API node numbers one user's messages from the same sequence and a restart does not start over.
 */
export const socketSeq = pgTable('socket_seq', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  last_seq: integer('last_seq').notNull(),
})

/** Each user's latest sequenced socket messages, replayed to a socket that reconnects with `since`; bounded by count and age. */
export const socketOutbox = pgTable(
  'socket_outbox',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The message exactly as delivered, seq included. */
    message: jsonb('message').$type<SocketMessage>().notNull(),
    created_at: createdAt(),
  },
  t => [primaryKey({ columns: [t.user_id, t.seq] }), index('socket_outbox_created_idx').on(t.created_at)],
)

/**
 * Every status change a workflow applied (server/workflow/apply.ts): which workflow and record, the action, the
 * statuses before and after, the action's input (a reason), who and when — written in the transaction of the change.
 */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: serial('id').primaryKey(),
    /** The workflow's id (`bids.status`, `bids.bankStatus`): one per status field. */
    workflow: varchar('workflow', { length: 64 }).notNull(),
    record_id: integer('record_id').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    from_status: integer('from_status').notNull(),
    to_status: integer('to_status').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  t => [index('workflow_history_record_idx').on(t.workflow, t.record_id, t.id)],
)

/**
 * The SMS code confirming a phone before registration (server/users/registration-code.ts): one row per phone,
 * replaced by each new code and deleted when the account is created. The code is kept only as a hash.
 */
export const registrationCodes = pgTable('registration_codes', {
  /** 11 digits, as users.phone. */
  phone: varchar('phone', { length: 11 }).primaryKey(),
  /** `scrypt$…` of the code (server/auth/password.ts), so a copy of the table does not give the codes away. */
  code_hash: text('code_hash').notNull(),
  /** When the SMS went: the next one may go 60 s later (SPEC §5, §9), on the server's clock. */
  sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong and right entries of this code so far; past the limit it is spent. */
  attempts: smallint('attempts').notNull().default(0),
})

/**
 * The durable job queue (server/jobs): anything due at a time — reminders, retries. A job is a row; due rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several nodes sharing one Postgres never run one job twice,
 * and a job due while every node was down runs once after the first one starts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** The handler's name (`tasks.reminder`, `mail.retry`), registered with `app.jobs.handle`. */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** Optional identity: enqueueing a key again reschedules that job instead of adding one (`task:12:author:30`). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** 1 queued, 2 done, 3 failed for good (server/jobs/types.ts JOB_STATUS). */
    status: smallint('status').notNull().default(1),
    run_at: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    max_attempts: smallint('max_attempts').notNull().default(5),
    /** The claiming node's lease: nobody else takes the job before it runs out (a node that died lets it go). */
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  t => [uniqueIndex('jobs_key_unique').on(t.key), index('jobs_due_idx').on(t.status, t.run_at)],
)

/**
 * Rate-limit windows shared by every node (server/limits): one row per counted key (`<scope>|<key>`), a fixed
 * window from the first hit; each hit is one UPSERT that starts a new window once `reset_at` has passed.
 * Expired rows are swept by the janitor.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    reset_at: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  t => [index('rate_limits_reset_idx').on(t.reset_at)],
)

/**
 * Uploaded files kept in Postgres (FILE_STORAGE=postgres, server/files/postgres.ts): a file is its `stored_files`
 * row plus chunks of at most 256 KB, written and read one chunk at a time, so no node ever holds a whole file.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: integer('size').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  /** Null while the chunks are being written: an unfinished upload is no file (the sweep removes it). */
  completed_at: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/** Raw bytes; node-postgres reads a Buffer, PGlite a Uint8Array (server/files/postgres.ts makes both a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  t => [primaryKey({ columns: [t.key, t.seq] })],
)
