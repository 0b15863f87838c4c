import * as v from 'valibot'
import { listCursor } from '../../core/validation/cursor'
import type { KeysetPage } from '../../core/api/envelope'
import type { WorkflowHistoryEntry } from '../../core/workflow/api'
import { line, multiline, searchText } from '../../core/validation/control'
import type { LeadStatusCode } from './workflow'

/**
 * The chat-bot leads' contract, shared by the browser and the server (issue 14 §3). Every answer is the envelope.
 * A chat id is the messenger's (Telegram: up to 52 bits, negative for groups), so it travels as a number and sits
 * in paths as its decimal text.
 */
export const leadsApi = {
  /** POST, public with the shared secret in X-Webhook-Secret: LeadWebhook → LeadWebhookAnswer; 401 bad secret, 422 bad body. */
  webhook: 'v1/leads/webhook',
  /** GET (150, 170, 100) LeadUsersQuery → LeadUsersPage. */
  users: 'v1/leads-users',
  /** GET → ChatUserLeads. */
  leads: (chatId: number | string) => `v1/leads-users/${chatId}/leads`,
  /** GET → LeadDetails. */
  lead: (chatId: number | string, id: number | string) => `v1/leads-users/${chatId}/leads/${id}`,
  /** POST verify | rework {comment} | decline {reason} | convert {agent_id, service_type?, company_name?} → LeadDetails. */
  action: (chatId: number | string, id: number | string, action: string) => `v1/leads-users/${chatId}/leads/${id}/actions/${action}`,
  /** GET (170, 100: those who convert) LeadAgentsQuery → LeadAgents: the active agents (30, 35) a new client may be given to. */
  agents: 'v1/leads/agents',
} as const

/** An active agent (30) or agents' manager (35) the convert dialog offers as the new client's keeper. */
export interface LeadAgent {
  id: number
  name: string
  role: number
  office: { id: number; name: string } | null
}

/** The first LEAD_AGENTS_LIMIT agents by office and name, or those whose name holds `search` (best first). */
export interface LeadAgents {
  items: LeadAgent[]
  /** The names are a typo's, similar to `search`: none holds it as typed. */
  similar?: boolean
}
export const LEAD_AGENTS_LIMIT = 50

/** GET leads/agents: `search` in the agent's name (a typo finds similar names). */
export const leadAgentsQuery = v.object({
  search: searchText(),
})
export type LeadAgentsQuery = v.InferOutput<typeof leadAgentsQuery>

/** The header the bot sends the shared secret in (LEADS_WEBHOOK_SECRET). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret'

export const CHAT_ID_MAX = Number.MAX_SAFE_INTEGER
const chatIdText = /^-?\d{1,16}$/
/** A chat id from a path (`-100123`), or null. */
export function parseChatId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !chatIdText.test(raw)) return null
  const n = Number(raw)
  return Number.isSafeInteger(n) && n !== 0 ? n : null
}

/** A sum in rubles as a decimal string, kopecks at most: `1500000`, `1500000.5`, `99.99`. */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/

const str = (max: number) => v.pipe(v.string('validation:invalid'), line(), v.trim(), v.maxLength(max, 'validation:tooLong'))
const optionalStr = (max: number) => v.optional(v.nullable(str(max)), null)
const id = (message = 'validation:invalid') =>
  v.pipe(v.number(message), v.integer(message), v.check(n => Number.isSafeInteger(n) && n !== 0, message))

/**
 * POST leads/webhook (the chat bot): one update — the chat user as the messenger knows them and the lead they left.
 * `update_id` is the messenger's id of the update: a second delivery of the same update stores nothing new.
 * `amount` a decimal string (or a whole number) of rubles; `service` the bot's menu choice (SPEC §1 services 1–8).
 */
export const leadWebhook = v.object({
  update_id: v.pipe(id(), v.minValue(1, 'validation:invalid')),
  user: v.object({
    chat_id: id(),
    name: v.pipe(str(200), v.nonEmpty('validation:required')),
    /** As the messenger shares it: `+7 700 123-45-67`, `77001234567`… (kept as digits, 7–15 of them). */
    phone: v.optional(
      v.nullable(
        v.pipe(
          str(30),
          v.transform(s => s.replace(/[\s()+.-]/g, '')),
          v.transform(s => (/^8\d{10}$/.test(s) ? `7${s.slice(1)}` : s)),
          v.check(s => s === '' || /^\d{7,15}$/.test(s), 'validation:phone'),
        ),
      ),
      null,
    ),
    username: v.optional(v.nullable(v.pipe(str(65), v.check(s => s === '' || /^@?[A-Za-z0-9_]{1,64}$/.test(s), 'validation:invalid'))), null),
  }),
  lead: v.object({
    /** What they ask for, in their words. */
    request: v.pipe(v.string('validation:required'), multiline(), v.trim(), v.nonEmpty('validation:required'), v.maxLength(2000, 'validation:tooLong')),
    service: v.optional(v.nullable(v.pipe(v.number('validation:invalid'), v.integer('validation:invalid'), v.minValue(1, 'validation:invalid'), v.maxValue(8, 'validation:invalid'))), null),
    amount: v.optional(
      v.nullable(
        v.union(
          [
            v.pipe(v.string('validation:invalid'), v.trim(), v.regex(AMOUNT_PATTERN, 'validation:invalid')),
            v.pipe(v.number('validation:invalid'), v.integer('validation:invalid'), v.minValue(0, 'validation:invalid'), v.maxValue(9_999_999_999_999, 'validation:invalid'), v.transform(String)),
          ],
          'validation:invalid',
        ),
      ),
      null,
    ),
    company: optionalStr(300),
    inn: optionalStr(12),
  }),
})
export type LeadWebhook = v.InferOutput<typeof leadWebhook>

export interface LeadWebhookAnswer {
  lead_id: number
  /** True when this update had been stored already (a repeated delivery). */
  duplicate: boolean
}

export const LEAD_USERS_LIMIT_DEFAULT = 20
export const LEAD_USERS_LIMIT_MAX = 100

const int = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))

/** GET leads-users: `page` from 1 or a keyset `cursor` of a page's `next` / `prev`, `limit`. Newest lead first. */
export const leadUsersQuery = v.object({
  page: v.optional(int(1, 1_000_000), '1'),
  cursor: listCursor,
  limit: v.optional(int(1, LEAD_USERS_LIMIT_MAX), String(LEAD_USERS_LIMIT_DEFAULT)),
})
export type LeadUsersQuery = v.InferOutput<typeof leadUsersQuery>

/** A chat user with their lead counts, as /leads-users lists them. */
export interface ChatUser {
  chat_id: number
  name: string
  /** Digits as shared (11 digits 7… for a Russian number), or null. */
  phone: string | null
  username: string | null
  leads: number
  /** Leads still new (0). */
  leads_new: number
  last_lead_at: string | null
  created_at: string
}
/** Keyset paged (server/search/keyset.ts), the total counted cheaply ("about" past a few thousand). */
export type LeadUsersPage = KeysetPage<ChatUser>

/** One lead in a chat user's list and on its page. */
export interface Lead {
  id: number
  chat_id: number
  request: string
  service: number | null
  /** Rubles as a decimal string (`1500000.00`), or null. */
  amount: string | null
  company: string | null
  inn: string | null
  status: LeadStatusCode
  /** The last rework comment, the decline reason. */
  comment: string | null
  decline_reason: string | null
  /** The client company and the bid draft it became (null before). */
  company_id: number | null
  bid_id: number | null
  created_at: string
  updated_at: string
}

export interface ChatUserLeads {
  user: ChatUser
  items: Lead[]
}

/**
 * What a converted lead became: the company (its name and current keeper) and the bid draft. The page links to each
 * only where its route opens for the viewer's role (the modules' route access), and to the bid only while
 * `bid.visible` too: the bids module's own row scope (a draft never submitted is private to the client's side, so the
 * verifier and the administrator do not see it until the agent sends it for checking). Otherwise plain text.
 */
export interface LeadConversion {
  company: { id: number; name: string }
  bid: { id: number; status: number; visible: boolean }
  /** The agent who keeps the company now (the one chosen at conversion unless reassigned since), or null. */
  agent: { id: number; name: string; office: string | null } | null
  converted_at: string | null
  converted_by: { id: number; name: string } | null
}

export interface LeadDetails {
  user: ChatUser
  lead: Lead
  /** Null until converted. */
  conversion: LeadConversion | null
  /** What this user may do now: workflow actions and `convert`. */
  allowed: string[]
  history: WorkflowHistoryEntry[]
}

/** A phone as the screens show it: +7 (…) for 11 digits starting 7, else `+digits`. */
export function showPhone(digits: string | null): string {
  if (!digits) return '—'
  if (/^7\d{10}$/.test(digits)) return `+7 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`
  return `+${digits}`
}
