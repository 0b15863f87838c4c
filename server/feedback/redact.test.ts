import { expect, it } from 'vitest'
import { REDACTED, redactEventLog } from './redact'

it('masks secret fields at any depth and tickets in URLs, keeping everything else', () => {
  const log = [
    JSON.stringify({ a: { Authorization: 'Bearer x', nested: [{ password: 'p', ok: 1 }] }, url: 'ws://h/s?x=1&ticket=abc&y=2' }),
    'not json ?ticket=zzz',
    '',
    JSON.stringify({ token: null, sip: { password: '' } }),
  ].join('\n')
  const out = redactEventLog(log).split('\n')
  expect(JSON.parse(out[0] ?? '')).toEqual({ a: { Authorization: REDACTED, nested: [{ password: REDACTED, ok: 1 }] }, url: `ws://h/s?x=1&ticket=${REDACTED}&y=2` })
  expect(out[1]).toBe(`not json ?ticket=${REDACTED}`)
  expect(out[2]).toBe('')
  expect(JSON.parse(out[3] ?? '')).toEqual({ token: null, sip: { password: '' } })
})
