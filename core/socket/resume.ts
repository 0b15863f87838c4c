import * as v from 'valibot'

/**
 * Nothing is lost across reconnects (server: server/socket/*). Every message the server sends to a user,
 * except the session-control echoes, carries `seq`, increasing by 1 per user across tabs and server nodes.
 * The client opens each socket with `since=<last seq handled>` (`latest` when it has none) and the server
 * first replays what was missed, in order, then sends `sync` with the current seq — or `reload` when the gap
 * is older than its outbox (refetch what the socket keeps fresh). Close code 1012: reconnect now and resume.
 */
export const SOCKET_RESUME = {
  param: 'since',
  latest: 'latest',
  sync: 'sync',
  reload: 'reload',
  /** The server's outbox keeps this many messages per user… */
  keepCount: 200,
  /** …for at most this long. */
  keepMs: 24 * 3_600_000,
  closeResume: 1012,
} as const

/** `{ type: 2, action: 'sync' | 'reload', data: { seq } }`. */
export const resumeMessageSchema = v.object({
  type: v.literal(2),
  action: v.picklist([SOCKET_RESUME.sync, SOCKET_RESUME.reload]),
  data: v.object({ seq: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
})

/** The socket URL to open: the ticket URL plus the resume point. */
export function resumeUrl(wsConnectionString: string, lastSeq: number | null): string {
  const url = new URL(wsConnectionString)
  url.searchParams.set(SOCKET_RESUME.param, lastSeq === null ? SOCKET_RESUME.latest : String(lastSeq))
  return url.toString()
}
