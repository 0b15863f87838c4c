/**
 * Writes tests/replay/reconnect.jsonl: a connection that drops at 1000 and whose every reconnect fails.
 * The server answers each ticket request 5 ms after it is made and the new socket closes 5 ms later (code 1006).
 * Only inputs are logged; the replay must derive the 2000 ms waits, the 100 ticket requests and giving up.
 * Run: npx tsx tests/replay/reconnect.gen.ts
 */
import { writeFileSync } from 'node:fs'

const profile = {
  id: 1, name: 'Admin', full_name: 'Admin Adminov', phone: '77001000100', email: null, role: 100, office_id: null,
  settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: 'ws://127.0.0.1:8080/api/v1/socket?ticket=[redacted]',
}
const lines: unknown[] = [
  { kind: 'header', profile, startedAt: 0, version: 1 },
  { type: 'app/started', payload: { path: '/tasks', token: '[redacted]', rememberedPath: null, locale: 'ru' }, at: 0, source: 'ui' },
  { type: 'auth/profileLoaded', payload: { profile, company: null }, at: 40, source: 'api' },
  { type: 'socket/opened', payload: {}, at: 100, source: 'socket' },
  { type: 'socket/closed', payload: { code: 1006, attempt: 0 }, at: 1000, source: 'socket' },
]
let closedAt = 1000
for (let attempt = 1; attempt <= 100; attempt++) {
  const requestedAt = closedAt + 2000
  const url = `ws://127.0.0.1:8080/api/v1/socket?ticket=[redacted]`
  lines.push({ type: 'socket/ticketReceived', payload: { url, attempt }, at: requestedAt + 5, source: 'api' })
  closedAt = requestedAt + 10
  lines.push({ type: 'socket/closed', payload: { code: 1006, attempt }, at: closedAt, source: 'socket' })
}
writeFileSync(new URL('./reconnect.jsonl', import.meta.url), lines.map(l => JSON.stringify(l)).join('\n') + '\n')
