import type pg from 'pg'

/**
 * The writes this process's connections to one database have finished: every statement that is not a read, every
 * script and every transaction's end, counted when its answer (or its error) comes back.
 *
 * What it is for: something read from the database stays true while this count stands still, as far as this process
 * can change it. A read kept only if the count did not move while it ran, and used only while it has not moved
 * since, is what the database would answer again (server/auth/sessions.ts keeps the session lookup that way).
 * A write that finished before a read was sent is in what the read sees: outside a transaction it is committed when
 * its answer comes, and a transaction's writes count again when its end's answer comes.
 */
export class WriteCount {
  finished = 0
}

const counts = new WeakMap<object, WriteCount>()

/** Says that every statement sent through `db` is counted by `count` (server/db/client.ts, for both databases). */
export function countedBy(db: object, count: WriteCount): void {
  counts.set(db, count)
}

/** The count of `db`'s writes, or undefined when they are not counted (nothing may then be kept on it). */
export function writesOf(db: object): WriteCount | undefined {
  return counts.get(db)
}

/**
 * A statement that changes no row: a select (a `with` or anything else is taken as a write), an explain that does not
 * run its statement, a `show`. A select calling a function that writes would be wrong here; the server has none.
 */
export function isRead(text: string): boolean {
  if (!READ.test(text)) return false
  return !(EXPLAIN.test(text) && ANALYZE.test(text))
}

const READ = /^\s*\(?\s*(select|explain|show)\b/i
const EXPLAIN = /^\s*explain\b/i
const ANALYZE = /\banaly[sz]e\b/i

/** A pool's connection class whose statements are counted by `count`: pass it as the pool's `Client`. */
export function countingWrites(Base: typeof pg.Client, count: WriteCount): typeof pg.Client {
  return class CountingClient extends Base {
    // pg's overloads: a text or a config, values or not, a callback or a promise; the pool passes a callback.
    override query(config: any, values?: any, callback?: any): any {
      const text: unknown = typeof config === 'string' ? config : config?.text
      if (typeof text === 'string' && isRead(text)) return super.query(config, values, callback)
      const finished = () => {
        count.finished++
      }
      if (typeof values === 'function') {
        return super.query(config, (error: unknown, result: unknown) => {
          finished()
          values(error, result)
        })
      }
      if (typeof callback === 'function') {
        return super.query(config, values, (error: unknown, result: unknown) => {
          finished()
          callback(error, result)
        })
      }
      const answer: any = super.query(config, values)
      if (answer && typeof answer.then === 'function') answer.then(finished, finished)
      // A submittable (a cursor, a stream) tells its end by events; counting now as well keeps it on the safe side.
      else {
        finished()
        answer?.once?.('end', finished)
        answer?.once?.('error', finished)
      }
      return answer
    }
  }
}
