import * as v from 'valibot'
import type { KeysetPage } from '../../core/api/envelope'
import { line, multiline } from '../../core/validation/control'
import { listCursor } from '../../core/validation/cursor'
import { phoneDigits } from '../../core/validation/phone'

/**
 * The site callbacks' contract, shared by the browser and the server (issue 13 §3): the public form the company's
 * website posts, the list of /site-recall with its two tabs, and the actions. Every answer is the usual envelope.
 */
export const siteRecallApi = {
  /** POST, public (no session): SiteRecallForm → `{ accepted: true }`; 422 bad fields, 429 too many, 403 origin not allowed. */
  create: 'v1/site-recall',
  /** GET (100, 170) SiteRecallListQuery → SiteRecallPage. */
  list: 'v1/site-recall',
  /** POST (100, 170): a new request into work for the caller, with a call-back task → SiteRecallItem; 409 when not new. */
  take: (id: number | string) => `v1/site-recall/${id}/take`,
  /** POST (100, 170): processed → SiteRecallItem; 409 when processed already. */
  done: (id: number | string) => `v1/site-recall/${id}/done`,
} as const

/** 10 new, 20 in work (taken, a call-back task made), 30 processed. */
export const SITE_RECALL_STATUS = { new: 10, work: 20, done: 30 } as const
export type SiteRecallStatus = (typeof SITE_RECALL_STATUS)[keyof typeof SITE_RECALL_STATUS]

/** The two tabs: "new" is everything not processed yet (new and in work), "done" the processed. */
export const SITE_RECALL_TABS = ['new', 'done'] as const
export type SiteRecallTab = (typeof SITE_RECALL_TABS)[number]

export const SITE_RECALL_NAME_MAX = 100
export const SITE_RECALL_COMMENT_MAX = 1000
export const SITE_RECALL_PAGE_MAX = 500

/**
 * A phone as a site's form may send it: `+7 (700) 123-45-67`, `8 700 123 45 67`, `7001234567` → 11 digits `7…`
 * (core/validation/phone's normalisation, with the domestic 8 prefix read as +7); anything else → null.
 */
export function siteRecallPhone(raw: string): string | null {
  const digits = raw.replace(/[\s()+.-]/g, '')
  return phoneDigits(/^8\d{10}$/.test(digits) ? `7${digits.slice(1)}` : digits)
}

const text = (max: number) => v.pipe(v.string('validation:invalid'), line(), v.trim(), v.maxLength(max, 'validation:tooLong'))

/**
 * POST site-recall (the website's form). `website` is a honeypot: a field people never see and bots fill in
 * (server/index.ts says what happens then). `page` is the address of the site's page the form was sent from.
 */
export const siteRecallForm = v.object({
  name: v.pipe(text(SITE_RECALL_NAME_MAX), v.nonEmpty('validation:required')),
  phone: v.pipe(
    v.string('validation:required'),
    line(),
    v.trim(),
    v.nonEmpty('validation:required'),
    v.maxLength(30, 'validation:phone'),
    v.check(s => siteRecallPhone(s) !== null, 'validation:phone'),
    v.transform(s => siteRecallPhone(s)!),
  ),
  comment: v.optional(v.pipe(v.string('validation:invalid'), multiline(), v.trim(), v.maxLength(SITE_RECALL_COMMENT_MAX, 'validation:tooLong')), ''),
  page: v.optional(
    v.pipe(
      text(SITE_RECALL_PAGE_MAX),
      v.check(s => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'validation:invalid'),
    ),
    '',
  ),
  website: v.optional(v.pipe(v.string('validation:invalid'), v.maxLength(500, 'validation:tooLong')), ''),
})
export type SiteRecallForm = v.InferOutput<typeof siteRecallForm>

export const SITE_RECALL_LIMIT_DEFAULT = 20
export const SITE_RECALL_LIMIT_MAX = 100

const int = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,7}$/, 'validation:invalid'), v.transform(Number), v.minValue(min, 'validation:invalid'), v.maxValue(max, 'validation:invalid'))

/** GET site-recall: `tab` new | done, `page` from 1 or a keyset `cursor` of a page's `next` / `prev`, `limit`. */
export const siteRecallListQuery = v.object({
  tab: v.optional(v.picklist(SITE_RECALL_TABS, 'validation:invalid'), 'new'),
  /** From the top: an older link's page number; paging on is by `cursor`. */
  page: v.optional(int(1, 1_000_000), '1'),
  /** A keyset cursor of a page's `next` / `prev` (server/search/keyset.ts), made for this tab's order. */
  cursor: listCursor,
  limit: v.optional(int(1, SITE_RECALL_LIMIT_MAX), String(SITE_RECALL_LIMIT_DEFAULT)),
})
export type SiteRecallListQuery = v.InferOutput<typeof siteRecallListQuery>

export interface SiteRecallPerson {
  id: number
  name: string
}

/** One callback request as /site-recall shows it. */
export interface SiteRecallItem {
  id: number
  name: string
  /** 11 digits (7…); the screen formats it. */
  phone: string
  comment: string
  /** The site's page the form was sent from ('' when the site did not say). */
  page: string
  status: SiteRecallStatus
  created_at: string
  taken_by: SiteRecallPerson | null
  taken_at: string | null
  /** The call-back task made when it was taken (null when no tasks module is installed). */
  task_id: number | null
  done_at: string | null
}

/**
 * The tab's page, keyset paged (`total` is the tab's count), with the counts of both tabs: each exact up to a few
 * thousand requests, past them the planner's estimate, said as "about" (`counts_estimated`).
 */
export interface SiteRecallPage extends KeysetPage<SiteRecallItem> {
  counts: Record<SiteRecallTab, number>
  counts_estimated: Record<SiteRecallTab, boolean>
}
