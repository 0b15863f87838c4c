/**
 * The benches' HTTP load (bench/load-client.mjs, in a process of its own) against a real server on a port: the figures
 * of `npm run bench` are only as true as its reading of answers, by length and by chunks, and its counting of the
 * ones that failed.
 */
import { Readable } from 'node:stream'
import Fastify from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openLoad } from '../bench/http-load'

const app = Fastify()
const load = openLoad()
let port = 0
const seen: string[] = []

beforeAll(async () => {
  app.addHook('onRequest', async request => {
    seen.push(`${request.url} ${request.headers.authorization ?? ''}`)
  })
  app.get('/sized', async () => ({ data: { total: 3, items: ['один', 'два', 'три'] } }))
  // A stream of unknown length is sent in chunks; a large one comes in several reads.
  app.get('/chunked', async (_request, reply) => reply.type('text/plain').send(Readable.from(['начало ', 'x'.repeat(70_000), ' конец'])))
  app.get('/closed', async (request, reply) => {
    request.raw.socket.destroy()
    return reply
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})

afterAll(async () => {
  load.close()
  await app.close()
})

const job = (paths: string[]) => ({ port, paths, headers: { authorization: 'Bearer t' }, concurrency: 3, seconds: 0.3 })

it('reads answers by their length and by their chunks, with the headers it was given, and keeps the last body', async () => {
  const sized = await load.run(job(['/sized']))
  expect(sized.failed).toBe(0)
  expect(sized.latencies.length).toBeGreaterThan(3)
  expect(JSON.parse(sized.last)).toEqual({ data: { total: 3, items: ['один', 'два', 'три'] } })
  expect(seen.filter(line => line === '/sized Bearer t')).toHaveLength(sized.latencies.length)

  const chunked = await load.run(job(['/chunked']))
  expect(chunked.failed).toBe(0)
  expect(chunked.latencies.length).toBeGreaterThan(3)
  expect(chunked.last).toBe(`начало ${'x'.repeat(70_000)} конец`)
})

it('counts an answer other than 200 and a connection closed without one as failed, and goes on', async () => {
  // Each connection alternates the two paths: half its answers are the 404s, give or take one a connection.
  const missing = await load.run(job(['/missing', '/sized']))
  expect(missing.failed).toBeGreaterThan(0)
  expect(Math.abs(2 * missing.failed - missing.latencies.length)).toBeLessThanOrEqual(3)

  // A closed connection is no answer: as many failed as answered, give or take one a connection.
  const closed = await load.run(job(['/closed', '/sized']))
  expect(closed.failed).toBeGreaterThan(0)
  expect(Math.abs(closed.failed - closed.latencies.length)).toBeLessThanOrEqual(3)
  expect(JSON.parse(closed.last)).toEqual({ data: { total: 3, items: ['один', 'два', 'три'] } })
})
