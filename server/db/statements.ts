import { Column, is, SQL, sql, type DriverValueDecoder, type Placeholder, type Query } from 'drizzle-orm'
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

/** Statements kept per database and kind of query; past it the oldest goes (a shape seldom asked is built again). */
export const STATEMENTS_KEPT = 200

/**
 * Statements built once per shape and database. A shape is everything that decides a query's text (which filters are
 * set, the scope's kind, a page's size); what varies within it are its values, bound as placeholders (`asPlaceholders`).
 * Building drizzle's SQL for every request, its text and its parameters, was a sixth of the server's thread under load
 * on a list's first page (issue 16).
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

type Decoded = { decoder: DriverValueDecoder<unknown, unknown> }

/** A field of a flat select: a column, or an expression (`sql<T>…`, aliased or not). */
export type FlatField = Column | SQL | SQL.Aliased

/**
 * A select of flat fields (no nested objects) as a statement whose rows are read by decoders chosen once from its
 * fields: drizzle's own mapping asks every field of every row what it is and walks its path, allocating as it goes
 * (issue 16: a fifth of a list page's allocations, a tenth of the server's thread under load). `fields` are the ones
 * the select was made with (drizzle keeps its own out of its types).
 *
 * Unnamed: a Postgres server plans it at each run for that run's values, as any query; a statement named there
 * settles after five runs on one plan for every value (an agent with 5 companies read the way one with 10 000 is).
 * One without values is named by its text all the same (named-selects.ts), as the embedded database names every
 * statement (pglite-statements.mjs).
 */
export function flatStatement<S extends { toSQL(): Query; execute(): Promise<unknown[]> }>(db: Db, select: S, fields: Record<string, FlatField>): Statement<Awaited<ReturnType<S['execute']>>> {
  const names = Object.keys(fields)
  const decoders = names.map(name => {
    const field = fields[name]
    if (is(field, Column)) return field
    // An expression's decoder (`mapWith`, or none) is drizzle's own, kept out of its types.
    if (is(field, SQL)) return (field as unknown as Decoded).decoder
    if (is(field, SQL.Aliased)) return (field.sql as unknown as Decoded).decoder
    throw new Error(`flatStatement reads flat selects: "${name}" is not a column or an expression`)
  })
  const read = (rows: unknown[][]) => {
    // Fields other than the select's would be read into the wrong names: a different count at least is caught.
    if (rows[0] && rows[0].length !== names.length) throw new Error(`flatStatement: ${rows[0].length} columns for ${names.length} fields`)
    return rows.map(row => {
      const item: Record<string, unknown> = {}
      for (let i = 0; i < names.length; i++) {
        const value = row[i]
        item[names[i]!] = value === null || value === undefined ? null : decoders[i]!.mapFromDriverValue(value)
      }
      return item
    })
  }
  // The session's `prepareQuery` with a reader of its own is how drizzle runs its relational queries.
  return db._.session.prepareQuery<{ execute: Awaited<ReturnType<S['execute']>>; all: unknown; values: unknown }>(select.toSQL(), undefined, undefined, true, read as never)
}
