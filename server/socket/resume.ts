import { SOCKET_RESUME } from '../../core/socket/resume'

/**
 * The reconnect protocol (core/socket/resume.ts, shared with the client):
 * the socket URL may carry `since=<the last seq the client saw>` or `since=latest`; the hub then answers with
 * the missed messages (each as first sent, seq included) followed by a `sync`, or with a `reload` when the gap
 * is older than the outbox keeps. Without `since` a socket simply gets live messages.
 */
/** The protocol's words, from the one definition the client shares (core/socket/resume.ts). */
export const RESUME = {
  param: SOCKET_RESUME.param,
  latest: SOCKET_RESUME.latest,
  /** `{ type: 2, action: 'sync', data: { seq } }`: you are up to date at seq. */
  sync: SOCKET_RESUME.sync,
  /** `{ type: 2, action: 'reload', data: { seq } }`: messages were lost; reload state, then continue after seq. */
  reload: SOCKET_RESUME.reload,
} as const

/** An integer seq the client saw, or 'latest' for "just tell me where we are". */
export type Since = number | typeof RESUME.latest

/** The query value → Since; null when absent; 'invalid' for anything malformed. */
export function parseSince(raw: unknown): Since | null | 'invalid' {
  if (raw === undefined) return null
  if (raw === RESUME.latest) return RESUME.latest
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return 'invalid'
  return Number(raw)
}
