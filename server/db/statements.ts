import { sql, type Placeholder } from 'drizzle-orm'
import type { Db } from './client'

/**
 * How a query builder takes a request's value: as the value itself (a query built for one request), or as a
 * placeholder named for it (a statement built once per shape, `statementsByShape`, run with each request's values).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder

export const asValues: Bind = (_name, value) => value
export const asPlaceholders: Bind = name => sql.placeholder(name)

/** A statement built once: drizzle's prepared query, run with its placeholders' values. */
export interface Statement<R> {
  execute(values?: Record<string, unknown>): Promise<R>
}

/**
 * drizzle's `prepare` without a name. A Postgres server then plans it at each run for that run's values, as any
 * query: a statement named there settles after five runs on one plan for every value (an agent with 5 companies read
 * the way one with 10 000 is). One without values is named by its text all the same (named-selects.ts), and the
 * embedded database names every statement by its text (pglite-statements.mjs). What is kept here is drizzle's work:
 * the text and the mapping of the rows.
 */
export function unnamed<P>(select: { prepare(name: string): P }): P {
  // drizzle types the name as required; its drivers pass it on as the statement's name, and none means unnamed.
  return select.prepare(undefined as unknown as string)
}

/** Statements kept per database and kind of query; past it the oldest goes (a shape seldom asked is built again). */
export const STATEMENTS_KEPT = 200

/**
 * Statements built once per shape and database. A shape is everything that decides a query's text (which filters are
 * set, the scope's kind, a page's size); what varies within it are its values, bound as placeholders (`asPlaceholders`).
 * Building drizzle's SQL for every request — its text, its parameters, the mapping of its rows — was a sixth of the
 * server's thread under load on a list's first page (issue 16), more than the database's part of it.
 */
export function statementsByShape<R>(kept = STATEMENTS_KEPT): (db: Db, shape: string, build: () => Statement<R>) => Statement<R> {
  const byDb = new WeakMap<Db, Map<string, Statement<R>>>()
  return (db, shape, build) => {
    let statements = byDb.get(db)
    if (!statements) byDb.set(db, (statements = new Map()))
    let statement = statements.get(shape)
    if (statement === undefined) {
      // A Map iterates in insertion order: the first key is the oldest.
      if (statements.size >= kept) statements.delete(statements.keys().next().value!)
      statements.set(shape, (statement = build()))
    }
    return statement
  }
}
