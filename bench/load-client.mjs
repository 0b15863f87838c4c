// @ts-check
/**
 * A closed-loop load of GET requests over HTTP/1.1, run in a process of its own (bench/http-load.ts forks it): each
 * of `concurrency` keep-alive connections sends a request, waits for the whole answer and sends the next, for
 * `seconds`. A client in the server's own process (`app.inject`) spent that process's thread and heap on its own
 * work — building every request and answer object, keeping every answer's body until the collector took it — and
 * the figures were partly the client's (issue 16). Here the server pays only for what a browser's request costs it.
 *
 * Plain JavaScript, so it starts without a loader; the messages are http-load.ts's `LoadJob` and `LoadResult`.
 */
import { connect } from 'node:net'

const HEADERS_END = Buffer.from('\r\n\r\n')
const LINE_END = Buffer.from('\r\n')

process.on('message', (/** @type {any} */ job) => {
  load(job).then(
    result => process.send?.(result),
    error => process.send?.({ error: String(error?.stack ?? error) }),
  )
})

/**
 * @param {{ port: number, paths: string[], headers: Record<string, string>, concurrency: number, seconds: number }} job
 */
async function load(job) {
  /** @type {number[]} */
  const latencies = []
  let failed = 0
  /** The last 200 answer's body, decoded once at the end. @type {Buffer | null} */
  let last = null
  const cpuBefore = process.cpuUsage()
  const until = performance.now() + job.seconds * 1000
  const head = Object.entries(job.headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  await Promise.all(
    Array.from({ length: job.concurrency }, async (_, worker) => {
      let connection = await open(job.port)
      let n = worker
      while (performance.now() < until) {
        const path = job.paths[n++ % job.paths.length]
        const start = performance.now()
        try {
          const answer = await connection.get(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\n`)
          latencies.push(performance.now() - start)
          if (answer.status !== 200) failed++
          else last = answer.body
        } catch {
          failed++
          connection.close()
          connection = await open(job.port)
        }
      }
      connection.close()
    }),
  )
  const cpu = process.cpuUsage(cpuBefore)
  return { latencies, failed, last: /** @type {Buffer | null} */ (last)?.toString('utf8') ?? '', cpuMs: (cpu.user + cpu.system) / 1000 }
}

/**
 * One keep-alive connection: `get` writes a request and resolves with its answer, read by Content-Length or chunks.
 * @param {number} port
 */
function open(port) {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true })
    /** @type {Buffer} */
    let buffered = Buffer.alloc(0)
    /** @type {{ resolve: (answer: { status: number, body: Buffer }) => void, reject: (error: Error) => void } | null} */
    let waiting = null
    const fail = (/** @type {Error} */ error) => {
      waiting?.reject(error)
      waiting = null
    }
    socket.on('data', chunk => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
      const answer = waiting && complete(buffered)
      if (!answer || !waiting) return
      buffered = buffered.subarray(answer.length)
      const { resolve: done } = waiting
      waiting = null
      done(answer)
    })
    socket.on('error', fail)
    socket.on('close', () => fail(new Error('the server closed the connection')))
    socket.once('connect', () =>
      resolve({
        /** @param {string} request */
        get: request =>
          /** @type {Promise<{ status: number, body: Buffer }>} */ (
            new Promise((resolveAnswer, rejectAnswer) => {
              waiting = { resolve: resolveAnswer, reject: rejectAnswer }
              socket.write(request)
            })
          ),
        close: () => socket.destroy(),
      }),
    )
    socket.once('error', reject)
  })
}

/**
 * The first whole answer in `bytes`, or null while it is still coming.
 * @param {Buffer} bytes
 * @returns {{ status: number, body: Buffer, length: number } | null}
 */
function complete(bytes) {
  const headersEnd = bytes.indexOf(HEADERS_END)
  if (headersEnd < 0) return null
  const head = bytes.toString('latin1', 0, headersEnd)
  const status = Number(head.slice(9, 12))
  const bodyStart = headersEnd + HEADERS_END.length
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  if (length) {
    const end = bodyStart + Number(length[1])
    return bytes.length < end ? null : { status, body: bytes.subarray(bodyStart, end), length: end }
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) throw new Error(`an answer with neither a length nor chunks: ${head}`)
  /** @type {Buffer[]} */
  const parts = []
  let at = bodyStart
  for (;;) {
    const lineEnd = bytes.indexOf(LINE_END, at)
    if (lineEnd < 0) return null
    const size = parseInt(bytes.toString('latin1', at, lineEnd), 16)
    const dataStart = lineEnd + LINE_END.length
    // Each chunk ends with CRLF; the last (size 0) with an empty line (no trailers are sent here).
    if (bytes.length < dataStart + size + LINE_END.length) return null
    if (size === 0) return { status, body: Buffer.concat(parts), length: dataStart + LINE_END.length }
    parts.push(bytes.subarray(dataStart, dataStart + size))
    at = dataStart + size + LINE_END.length
  }
}
