import { notFound } from '../../../server/http/errors'

/** The tender id of a path (`/tenders/:tenderId/…`): a positive integer, anything else a tender that does not exist (404). */
export function tenderId(params: unknown): number {
  const raw = (params as Record<string, string | undefined>).tenderId ?? ''
  if (!/^\d{1,10}$/.test(raw)) throw notFound()
  const id = Number(raw)
  if (id < 1 || id > 2_147_483_647) throw notFound()
  return id
}
