import type { FastifyInstance } from 'fastify'
import { Server } from 'node:net'

/**
 * After the listening socket is closed, how long connections already open may still deliver a request that was on
 * its way (sent, not yet read by a busy event loop) before idle ones are closed: reaping at once resets those.
 */
const DRAIN_MS = 500

/**
 * Resolves in the loop's check phase, right after its poll phase has read what the sockets hold: a connection that
 * looks idle there has really sent nothing. (Reaping from a timer would run before the poll phase and reset a
 * connection whose request is already in the kernel, when a busy loop has not read it yet.)
 */
const afterPendingReads = () => new Promise<void>(resolve => setImmediate(resolve))

/** WebSocket close code 1001 "going away": the browser client reconnects (to another node) as on any close but 4001. */
export const CLOSE_GOING_AWAY = 1001

export interface ShutdownOptions {
  app: FastifyInstance
  /** Closes the database once nothing can use it any more. */
  closeDatabase: () => Promise<void>
  /** After this long the process exits non-zero whatever is still running (SHUTDOWN_TIMEOUT_MS). */
  deadlineMs: number
  /** Timers of the composition root (the janitor) that must not fire mid-shutdown. */
  stopTimers?: () => void
  /** process.exit by default. */
  exit?: (code: number) => void
}

export interface Shutdown {
  /** Runs once; a second signal while it runs is ignored (the deadline still holds). */
  run(signal: string): Promise<void>
}

/**
 * Graceful shutdown (issue 9): stop accepting connections, let the requests in flight finish (a request that
 * arrives on an open keep-alive connection meanwhile is served too, with `Connection: close`, never a 503),
 * close the sockets with 1001, deliver what the notification outbox still holds, close the database, log one
 * line saying what was done and exit 0. A hard deadline exits 1 when something hangs.
 * Must be installed before the app is ready (it adds hooks).
 */
export function installShutdown(options: ShutdownOptions): Shutdown {
  const { app } = options
  const exit = options.exit ?? ((code: number) => process.exit(code))
  let shuttingDown = false
  let inFlight = 0
  let servedWhileClosing = 0
  let outbox = 'no notification outbox'

  app.addHook('onRequest', async (request, reply) => {
    // A socket upgrade is no request in flight (its sockets are closed with 1001 below).
    if (request.headers.upgrade) return
    inFlight += 1
    if (shuttingDown) servedWhileClosing += 1
    // 'close' comes once per response, sent or aborted by the client (onResponse misses the aborted ones).
    reply.raw.once('close', () => (inFlight -= 1))
  })
  // A request that ends during the shutdown takes its connection with it, so the server can close.
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close')
  })
  // Registered after the modules' own onClose hooks and run before them (last in, first out): the outbox is
  // delivered while its dispatcher and the database are still there, after the last request has ended.
  app.addHook('onClose', async () => {
    const notifier = app.extensions.notifier
    if (!notifier) return
    try {
      await notifier.flush()
      outbox = 'notification outbox flushed'
    } catch (err) {
      outbox = 'notification outbox flush FAILED'
      app.log.warn({ err }, 'shutdown: notification outbox flush failed')
    }
  })

  async function run(signal: string): Promise<void> {
    if (shuttingDown) return
    shuttingDown = true
    app.lifecycle.shuttingDown = true
    const started = Date.now()
    const requestsAtSignal = inFlight
    app.log.info(`${signal}: shutting down (requests in flight ${requestsAtSignal}, deadline ${options.deadlineMs} ms)`)
    const deadline = setTimeout(() => {
      app.log.error(`shutdown: not done after ${options.deadlineMs} ms (requests in flight ${inFlight}); exiting with status 1`)
      exit(1)
    }, options.deadlineMs)
    options.stopTimers?.()

    // Before app.close(): @fastify/websocket's own preClose would close them without a code.
    let sockets = 0
    for (const client of app.websocketServer?.clients ?? []) {
      client.close(CLOSE_GOING_AWAY, 'server shutting down')
      sockets += 1
    }

    // Stop accepting at once (net's close: no new connections, open ones untouched), give requests already sent on
    // open connections a moment to be read, and answer them with `Connection: close` (onSend above).
    // First one more pass of the loop: connections a busy loop has not accepted yet wait in the listen backlog, and
    // closing the listening socket would reset them with their requests.
    await afterPendingReads()
    await afterPendingReads()
    if (app.server.listening) Server.prototype.close.call(app.server)
    await new Promise(resolve => setTimeout(resolve, DRAIN_MS))
    await afterPendingReads()

    // Node's server.close() reaps only connections idle at that moment; a keep-alive connection whose request
    // ends later would hold the close until its keep-alive timeout, so idle ones are reaped until it is done.
    const reaper = setInterval(() => void afterPendingReads().then(() => app.server.closeIdleConnections()), 50)
    let status = 0
    try {
      await app.close()
    } catch (err) {
      status = 1
      app.log.error({ err }, 'shutdown: closing the server failed')
    } finally {
      clearInterval(reaper)
    }
    let database = 'database closed'
    try {
      await options.closeDatabase()
    } catch (err) {
      status = 1
      database = 'database close FAILED'
      app.log.error({ err }, 'shutdown: closing the database failed')
    }
    clearTimeout(deadline)
    app.log.info(
      `shutdown complete in ${Date.now() - started} ms: stopped accepting, ${requestsAtSignal} request(s) in flight finished` +
        ` (+${servedWhileClosing} on open connections), ${sockets} socket(s) closed with ${CLOSE_GOING_AWAY},` +
        ` ${outbox}, ${database}; exit ${status}`,
    )
    exit(status)
  }

  return { run }
}
