import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from '../../../server/db/schema'
import { bids } from '../tables'

/**
 * Tables of the bid's public links (issue 11): signing (/sign/{hash}) and live status (/live). Migrations are the
 * bids module's (modules/bids/drizzle.config.ts lists this file). Times come from the injected clock.
 * A link's hash is `<id>.<nonce>.<hmac>` (./links.ts): the row makes it revocable, the HMAC unguessable.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** One document a signer signs, frozen when the link is made: what is shown, served and hashed. */
export interface SignedDocument {
  /** 1-based position: GET v1/sign/{hash}/documents/{n}. */
  n: number
  /** The bid_documents row it was taken from. */
  document_id: number
  kind: string
  name: string
  size: number
  sha256: string
}

/** What a completed simple electronic signature records (also kept in its columns). */
export interface SignatureRecord {
  method: 'sms' | 'certificate'
  phone: string
  signed_at: string
  ip: string
  user_agent: string | null
  documents: { n: number; name: string; sha256: string }[]
  /** Set by a certificate adapter (CryptoPro): its own evidence (certificate, detached signature). */
  certificate?: Record<string, unknown> | null
}

/**
 * A signing link: the signer (phone) signs the listed documents of one bid with a code sent by SMS (SPEC §5:
 * a new code only 60 s after the last). The code is stored hashed; wrong entries are counted (`attempts`).
 */
export const bidSignings = pgTable(
  'bid_signings',
  {
    id: serial('id').primaryKey(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    /** 11 digits, as users.phone. */
    phone: varchar('phone', { length: 11 }).notNull(),
    documents: jsonb('documents').$type<SignedDocument[]>().notNull(),
    code_hash: text('code_hash'),
    code_sent_at: at('code_sent_at'),
    code_expires_at: at('code_expires_at'),
    attempts: smallint('attempts').notNull().default(0),
    signed_at: at('signed_at'),
    signer_ip: varchar('signer_ip', { length: 64 }),
    signature: jsonb('signature').$type<SignatureRecord>(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
    revoked_at: at('revoked_at'),
    expires_at: at('expires_at').notNull(),
  },
  t => [index('bid_signings_bid_idx').on(t.bid_id, t.id)],
)

/** A live-status link: one bid's status and timeline for someone without an account, until revoked. */
export const bidLiveLinks = pgTable(
  'bid_live_links',
  {
    id: serial('id').primaryKey(),
    bid_id: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 32 }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: at('created_at').notNull(),
    revoked_at: at('revoked_at'),
  },
  t => [index('bid_live_links_bid_idx').on(t.bid_id, t.id)],
)

/** The HMAC key of the links (generated once when no BIDS_LINK_SECRET / PUBLIC_LINK_SECRET is configured). */
export const bidSecrets = pgTable('bid_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  created_at: at('created_at').notNull(),
})

