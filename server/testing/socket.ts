import WebSocket from 'ws'
import type { SocketMessage } from '../../core/socket/message'

/**
 * A signed-in user's real socket (a ticket, then the WebSocket, as a browser tab opens it) that keeps the messages of
 * one action: `updates()` returns those that arrived within a short while and forgets them. `onMessage` also sees each
 * message of that action the moment it arrives, with the wall-clock time (the benches time deliveries with it).
 */
export async function socketTab(base: string, token: string, action: string, onMessage?: (message: SocketMessage, at: number) => void) {
  const res = await fetch(`${base}/api/v1/socket/ticket`, { headers: { authorization: `Bearer ${token}` } })
  const url = ((await res.json()) as { data: { ws_connection_string: string } }).data.ws_connection_string
  const ws = new WebSocket(url)
  const received: SocketMessage[] = []
  ws.on('message', data => {
    const at = Date.now()
    const message = JSON.parse(data.toString()) as SocketMessage
    received.push(message)
    if (onMessage && message.action === action) onMessage(message, at)
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return {
    async updates(ms = 300): Promise<SocketMessage[]> {
      await new Promise(resolve => setTimeout(resolve, ms))
      return received.splice(0).filter(m => m.action === action)
    },
    close: () => ws.close(),
  }
}
