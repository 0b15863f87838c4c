import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** What the load process is asked to do (load-client.mjs): GET these paths in turn over keep-alive connections. */
export interface LoadJob {
  port: number
  paths: string[]
  headers: Record<string, string>
  concurrency: number
  seconds: number
}

export interface LoadResult {
  /** Each answer's time from the request's first byte written to its last byte read, ms. */
  latencies: number[]
  /** Answers other than 200, and requests that got no answer. */
  failed: number
  /** The last 200 answer's body (only it is decoded: the client's work is not what is measured). */
  last: string
  /** The load process's own CPU, ms. */
  cpuMs: number
}

/**
 * A load process (load-client.mjs), one job at a time. It runs apart from the server so that its work — writing
 * requests, reading answers, its collector — is neither on the server's thread nor in its figures.
 */
export function openLoad(): { run(job: LoadJob): Promise<LoadResult>; close(): void } {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-client.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return {
    run: job =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`the load process ended (${code})`))
        child.once('exit', onExit)
        child.once('message', (message: LoadResult | { error: string }) => {
          child.off('exit', onExit)
          if ('error' in message) reject(new Error(message.error))
          else resolve(message)
        })
        child.send(job)
      }),
    close: () => child.kill(),
  }
}

/**
 * This process's CPU by thread, ms (Linux's /proc; an empty map elsewhere): the server's own thread apart from the
 * others — the embedded database's, the collector's helpers — since a list's cost moves between them.
 */
export function threadCpu(): Map<string, number> {
  const times = new Map<string, number>()
  let tids: string[] = []
  try {
    tids = readdirSync('/proc/self/task')
  } catch {
    return times
  }
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * tick)
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return times
}

/** The server's thread's CPU and every other thread's, between two `threadCpu` readings, ms. */
export function mainAndOthers(before: Map<string, number>, after: Map<string, number>): { main: number; others: number } {
  const mainTid = String(process.pid)
  let main = 0
  let others = 0
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0)
    if (tid === mainTid) main += spent
    else others += spent
  }
  return { main, others }
}
