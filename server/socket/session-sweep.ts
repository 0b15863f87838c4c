import type { SessionStore } from '../auth/sessions'
import { every, type Clock } from '../clock'
import type { SocketHub } from './hub'

/**
 * Idle and absolute expiry happen by the clock, with no event to publish: every `intervalMs` of the server's clock
 * each node asks, in one query, which of its open sockets' sessions are still live, and closes the rest with 4001.
 * A socket may thus outlive its session by up to one interval. Returns the function that stops the checks.
 */
export function startSessionSweep(deps: { hub: SocketHub; sessions: SessionStore; clock: Clock; intervalMs: number; onError?: (error: unknown) => void }): () => void {
  if (deps.intervalMs <= 0) return () => {}
  let running = false
  let again = false
  const sweep = async () => {
    const open = deps.hub.openSessionIds()
    if (open.length === 0) return
    const live = await deps.sessions.liveAmong(open)
    deps.hub.closeSessions(open.filter(id => !live.has(id)))
  }
  const run = (): void => {
    // One check at a time: a slow database must not pile them up; one asked for meanwhile runs right after.
    if (running) {
      again = true
      return
    }
    running = true
    again = false
    sweep()
      .catch(error => deps.onError?.(error))
      .finally(() => {
        running = false
        if (again) run()
      })
  }
  return every(deps.clock, deps.intervalMs, run)
}
