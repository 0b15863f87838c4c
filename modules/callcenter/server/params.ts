import { notFound } from '../../../server/http/errors'

/** A positive integer id from a path parameter; anything else is a record that does not exist (404). */
export function pathId(params: unknown, name: string): number {
  const raw = (params as Record<string, string | undefined>)[name] ?? ''
  if (!/^\d{1,10}$/.test(raw)) throw notFound()
  const id = Number(raw)
  if (id < 1 || id > 2_147_483_647) throw notFound()
  return id
}
