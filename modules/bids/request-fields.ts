import * as v from 'valibot'
import { multiline } from '../../core/validation/control'
import { bmsg } from './fields'
import { CHAT_CODE } from './services'

/**
 * Inputs of the offer requests' own endpoints (issue 11, BIDS.md): the chat of a request and the bank manager's
 * assignment. One source for the browser and the server; messages are i18n keys.
 */

export const CHAT_TEXT_MAX = 4000
const CHAT_CODES = Object.values(CHAT_CODE) as number[]

/** POST v1/bids/{id}/requests/{requestId}/chat: a message; `code` (12040, 12050) only from the bank's staff. */
export const chatInput = v.object({
  text: v.pipe(v.string(bmsg.required), multiline(), v.trim(), v.nonEmpty(bmsg.required), v.maxLength(CHAT_TEXT_MAX, bmsg.tooLong)),
  code: v.optional(v.nullable(v.pipe(v.number(bmsg.invalid), v.check(n => CHAT_CODES.includes(n), bmsg.invalid)))),
})
export type ChatInput = v.InferOutput<typeof chatInput>

/** POST v1/bank-bids/{requestId}/assign: a bank user of the same bank, or null to take the assignment back. */
export const assignInput = v.object({
  user_id: v.nullable(v.pipe(v.number(bmsg.invalid), v.integer(bmsg.invalid), v.minValue(1, bmsg.invalid), v.maxValue(2_147_483_647, bmsg.invalid))),
})
export type AssignInput = v.InferOutput<typeof assignInput>
