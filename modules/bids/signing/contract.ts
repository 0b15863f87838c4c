import * as v from 'valibot'
import { phone, smsCode } from '../../../core/validation'

const invalid = 'validation:invalid'

/**
 * The public bid links' API (issue 11: /sign/{hash} and /live), shared by the pages and the server.
 * Failures carry these codes in the envelope so a page can say exactly what happened.
 */
export const SIGN_LINK_EXPIRED_CODE = 41001
export const SIGN_LINK_REVOKED_CODE = 41002
export const LIVE_LINK_REVOKED_CODE = 41003

/** SPEC §5: a new code may be sent 60 s after the last. */
export const SIGN_CODE_RESEND_SECONDS = 60

export interface SignDocument {
  n: number
  name: string
  size: number
  sha256: string
}

export interface SignView {
  state: 'pending' | 'signed'
  /** The signer's phone, masked: "+7 (***) ***-**-10". */
  phone: string
  documents: SignDocument[]
  expires_at: string
  /** Seconds until a (new) code may be asked for; 0 now. */
  resend_after_seconds: number
  /** A code was sent and is still valid. */
  code_sent: boolean
  signed_at: string | null
  signature: { method: 'sms' | 'certificate'; documents: { n: number; name: string; sha256: string }[] } | null
}

export interface SignCodeSent {
  resend_after_seconds: number
  expires_in_seconds: number
}

/** A signing link as its creator sees it. */
export interface SigningLink {
  id: number
  hash: string
  path: string
  phone: string
  documents: SignDocument[]
  created_at: string
  expires_at: string
  revoked_at: string | null
  signed_at: string | null
}

export interface LiveLink {
  id: number
  hash: string
  path: string
  created_at: string
  revoked_at: string | null
}

export interface LiveHistoryLine {
  at: string
  /** The bids.status code the line moved to (labels from the bids pack `status.<code>`). */
  status: number
  /** What happened: the workflow action's name (labels from `live.action.<name>`, unknown ones shown generically). */
  action: string
}

/** What /live shows: nothing private (no documents, no banks, no people). */
export interface LiveView {
  number: number
  service_type: number
  status: number
  amount: string | null
  updated_at: string
  history: LiveHistoryLine[]
}

export const signPath = (hash: string) => `/sign/${hash}`
export const livePath = (hash: string) => `/live?h=${encodeURIComponent(hash)}`

/** POST v1/bids/{id}/signings: the signer's phone (default the company's contact phone) and days to live (1–30). */
export const createSigningForm = v.object({
  phone: v.optional(phone),
  days: v.optional(v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(30, invalid)), 7),
})

export const signForm = v.object({ code: smsCode })
