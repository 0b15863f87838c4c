import fc from 'fast-check'
import type * as v from 'valibot'
import { body, headers, pathParam, query, spoiledOneOf } from './arbitrary'

/** One generated request to one endpoint. */
export interface FuzzRequest {
  url: string
  payload?: string
  contentType?: string
  headers: Record<string, string>
}

const json = (b: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(b) ?? 'null' })

/** Bodies that never reach a schema: broken JSON, other content types, malformed multipart. */
const raw = fc.constantFrom<{ contentType: string; payload: string }>(
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '[1,2,3]' },
  { contentType: 'application/json', payload: '{"a":1e999}' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF' },
  { contentType: 'multipart/form-data', payload: '--x\r\n\r\n--x--' },
  { contentType: 'multipart/form-data; boundary=y', payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n' },
)

/**
 * Requests to `url` (`/api/v1/companies/:id/…`): path params, query, body (for POST) and headers. `accepted` holds
 * bodies the endpoint took (or its GET twin answered); read when each request is generated, so it grows during a run.
 */
export function requests(method: string, url: string, schema: v.GenericSchema | undefined, knownId: string, accepted: readonly unknown[] = []): fc.Arbitrary<FuzzRequest> {
  const params = url.match(/:\w+/g) ?? []
  const path = fc.tuple(...params.map(() => pathParam(knownId))).map(values => {
    let out = url
    params.forEach((param, i) => (out = out.replace(param, values[i]!)))
    return out
  })
  const search = query(method === 'GET' ? schema : undefined)
  const payload: fc.Arbitrary<{ contentType?: string; payload?: string }> =
    method === 'GET'
      ? fc.constant({})
      : fc.oneof(
          { weight: 6, arbitrary: body(schema).map(json) },
          { weight: 4, arbitrary: fc.constant(null).chain(() => (accepted.length ? spoiledOneOf(accepted) : body(schema))).map(json) },
          { weight: 1, arbitrary: raw },
        )
  return fc.record({ path, search, payload, headers }).map(({ path, search, payload, headers }) => ({
    url: search ? `${path}?${search}` : path,
    headers,
    ...payload,
  }))
}
