/**
 * Writes tests/replay/socket-retry.jsonl: the connection drops at 1000 and every reconnect fails (as in
 * reconnect.jsonl) until the socket gives up at 202 000; at 250 000 the user presses "Reconnect" in the notice
 * (`socket/retryRequested`, what the `socket/retry` command emits); the fresh ticket arrives 5 ms later and the
 * socket opens at 250 040. Only inputs are logged: the replay must derive giving up, the fresh series and the ticket request.
 * Run: npx tsx tests/replay/socket-retry.gen.ts
 */
import { writeFileSync } from 'node:fs'

const profile = {
  id: 1, name: 'Admin', full_name: 'Admin Adminov', phone: '77001000100', email: null, role: 100, office_id: null,
  settings: { services: { tender: true }, notify_messages: true, notify_events: true, is_agent: false },
  sip: null, ws_connection_string: 'ws://127.0.0.1:8080/api/v1/socket?ticket=[redacted]',
}
const url = 'ws://127.0.0.1:8080/api/v1/socket?ticket=[redacted]'
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
  lines.push({ type: 'socket/ticketReceived', payload: { url, attempt }, at: requestedAt + 5, source: 'api' })
  closedAt = requestedAt + 10
  lines.push({ type: 'socket/closed', payload: { code: 1006, attempt }, at: closedAt, source: 'socket' })
}
lines.push(
  { type: 'socket/retryRequested', payload: {}, at: 250_000, source: 'ui' },
  { type: 'socket/ticketReceived', payload: { url, attempt: 1 }, at: 250_005, source: 'api' },
  { type: 'socket/opened', payload: {}, at: 250_040, source: 'socket' },
)
writeFileSync(new URL('./socket-retry.jsonl', import.meta.url), lines.map(l => JSON.stringify(l)).join('\n') + '\n')
