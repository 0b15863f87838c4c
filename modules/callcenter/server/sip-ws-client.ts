import { createHash, randomBytes } from 'node:crypto'
import WebSocket from 'ws'

/**
 * A minimal SIP-over-WebSocket user agent (RFC 7118) for tests of the SIP peer: hand-written REGISTER,
 * INVITE, ACK and BYE with digest auth, enough to prove the Kamailio configuration, not a softphone.
 */

export interface SipMessage {
  /** `REGISTER sip:… SIP/2.0` or `SIP/2.0 401 Unauthorized`. */
  startLine: string
  method: string | null
  status: number | null
  headers: [string, string][]
  body: string
  raw: string
  header(name: string): string | undefined
  headerAll(name: string): string[]
}

const rand = (n = 8) => randomBytes(n).toString('hex')
const md5 = (s: string) => createHash('md5').update(s).digest('hex')

export function parseSip(raw: string): SipMessage {
  const split = raw.indexOf('\r\n\r\n')
  const head = split >= 0 ? raw.slice(0, split) : raw
  const body = split >= 0 ? raw.slice(split + 4) : ''
  const [startLine = '', ...lines] = head.split('\r\n')
  const headers: [string, string][] = []
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()])
  }
  const statusMatch = /^SIP\/2\.0 (\d{3})/.exec(startLine)
  const headerAll = (name: string) => headers.filter(([n]) => n === name.toLowerCase()).map(([, v]) => v)
  return {
    startLine,
    method: statusMatch ? null : (startLine.split(' ')[0] ?? null),
    status: statusMatch ? Number(statusMatch[1]) : null,
    headers,
    body,
    raw,
    header: name => headerAll(name)[0],
    headerAll,
  }
}

/** `Digest realm="x", nonce="y", qop="auth"` → fields. */
export function parseChallenge(value: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of value.replace(/^Digest\s+/i, '').matchAll(/(\w+)=("([^"]*)"|[^,\s]*)/g)) out[m[1]!.toLowerCase()] = m[3] ?? m[2]!
  return out
}

export function digestAuthorization(o: { user: string; password: string; method: string; uri: string; challenge: Record<string, string> }): string {
  const { realm = '', nonce = '', qop, opaque, algorithm } = o.challenge
  const ha1 = md5(`${o.user}:${realm}:${o.password}`)
  const ha2 = md5(`${o.method}:${o.uri}`)
  const parts = [`username="${o.user}"`, `realm="${realm}"`, `nonce="${nonce}"`, `uri="${o.uri}"`]
  if (qop && qop.split(',').map(s => s.trim()).includes('auth')) {
    const nc = '00000001'
    const cnonce = rand(6)
    parts.push(`response="${md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`)}"`, 'qop=auth', `nc=${nc}`, `cnonce="${cnonce}"`)
  } else {
    parts.push(`response="${md5(`${ha1}:${nonce}:${ha2}`)}"`)
  }
  if (opaque) parts.push(`opaque="${opaque}"`)
  if (algorithm) parts.push(`algorithm=${algorithm}`)
  return `Digest ${parts.join(', ')}`
}

export interface SipUaOptions {
  url: string
  user: string
  password: string
  domain?: string
}

/** One user agent on one WebSocket; `reconnect()` opens a new socket keeping the same Contact (as JsSIP does). */
export class SipWsUa {
  readonly user: string
  readonly password: string
  readonly domain: string
  readonly url: string
  /** The made-up host JsSIP puts in Via and Contact. */
  readonly viaHost = `${rand(4)}.invalid`
  readonly contact: string
  private ws!: WebSocket
  private inbox: SipMessage[] = []
  private waiters: { match: (m: SipMessage) => boolean; resolve: (m: SipMessage) => void }[] = []
  private cseq = 1
  readonly registerCallId = rand()
  readonly fromTag = rand(4)

  constructor(options: SipUaOptions) {
    this.url = options.url
    this.user = options.user
    this.password = options.password
    this.domain = options.domain ?? '127.0.0.1'
    this.contact = `<sip:${rand(4)}@${this.viaHost};transport=ws>`
  }

  async connect(): Promise<void> {
    this.inbox = []
    this.ws = new WebSocket(this.url, 'sip')
    this.ws.on('message', data => this.receive(parseSip(data.toString())))
    await new Promise<void>((resolve, reject) => {
      this.ws.once('open', () => resolve())
      this.ws.once('error', reject)
    })
    if (this.ws.protocol !== 'sip') throw new Error(`the server chose sub-protocol "${this.ws.protocol}"`)
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return
    await new Promise<void>(resolve => {
      this.ws.once('close', () => resolve())
      this.ws.close()
    })
  }

  async reconnect(): Promise<void> {
    await this.close()
    await this.connect()
  }

  private receive(message: SipMessage): void {
    const i = this.waiters.findIndex(w => w.match(message))
    if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(message)
    else this.inbox.push(message)
  }

  /** The next message (already received or coming) that matches, or a timeout error. */
  waitFor(match: (m: SipMessage) => boolean, timeoutMs = 5000, what = 'a SIP message'): Promise<SipMessage> {
    const i = this.inbox.findIndex(match)
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!)
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (m: SipMessage) => (clearTimeout(timer), resolve(m)) }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter(w => w !== waiter)
        reject(new Error(`${this.user}: no ${what} within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  send(raw: string): void {
    this.ws.send(raw)
  }

  private via(branch = `z9hG4bK${rand()}`): string {
    return `SIP/2.0/WS ${this.viaHost};branch=${branch}`
  }

  /** Sends a request and resolves with its final response (1xx are skipped). */
  async request(lines: { method: string; uri: string; headers: string[]; body?: string; auth?: string }): Promise<SipMessage> {
    const cseq = this.cseq++
    const callId = lines.headers.find(h => h.startsWith('Call-ID:'))!.slice(8).trim()
    const body = lines.body ?? ''
    const msg = [
      `${lines.method} ${lines.uri} SIP/2.0`,
      `Via: ${this.via()}`,
      'Max-Forwards: 70',
      ...lines.headers,
      `CSeq: ${cseq} ${lines.method}`,
      ...(lines.auth ? [lines.auth] : []),
      ...(body ? ['Content-Type: application/sdp'] : []),
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n')
    this.send(msg)
    return this.waitFor(
      m => m.status !== null && m.status >= 200 && m.header('call-id') === callId && m.header('cseq') === `${cseq} ${lines.method}`,
      5000,
      `final response to ${lines.method}`,
    )
  }

  /** REGISTER; with `authenticate` answers the 401 challenge (as `authUser`, default the user). Returns every final response in order. */
  async register(options: { authenticate?: boolean; password?: string; expires?: number; authUser?: string } = {}): Promise<SipMessage[]> {
    const uri = `sip:${this.domain}`
    const headers = [
      `To: <sip:${this.user}@${this.domain}>`,
      `From: <sip:${this.user}@${this.domain}>;tag=${this.fromTag}`,
      `Call-ID: ${this.registerCallId}`,
      `Contact: ${this.contact};expires=${options.expires ?? 600}`,
      `Expires: ${options.expires ?? 600}`,
    ]
    const first = await this.request({ method: 'REGISTER', uri, headers })
    if (first.status !== 401 || !options.authenticate) return [first]
    const challenge = parseChallenge(first.header('www-authenticate') ?? '')
    const auth = `Authorization: ${digestAuthorization({ user: options.authUser ?? this.user, password: options.password ?? this.password, method: 'REGISTER', uri, challenge })}`
    return [first, await this.request({ method: 'REGISTER', uri, headers, auth })]
  }

  /** INVITE to another user with proxy auth; resolves with the final response and the dialog's route set. */
  async invite(to: string): Promise<{ response: SipMessage; callId: string; fromTag: string }> {
    const callId = rand()
    const fromTag = rand(4)
    const uri = `sip:${to}@${this.domain}`
    const sdp = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=audio 9 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', ''].join('\r\n')
    const headers = [`To: <${uri}>`, `From: <sip:${this.user}@${this.domain}>;tag=${fromTag}`, `Call-ID: ${callId}`, `Contact: ${this.contact}`]
    let response = await this.request({ method: 'INVITE', uri, headers, body: sdp })
    if (response.status === 407) {
      const challenge = parseChallenge(response.header('proxy-authenticate') ?? '')
      this.ackFailure(uri, headers, response)
      const auth = `Proxy-Authorization: ${digestAuthorization({ user: this.user, password: this.password, method: 'INVITE', uri, challenge })}`
      response = await this.request({ method: 'INVITE', uri, headers, body: sdp, auth })
    }
    return { response, callId, fromTag }
  }

  /** ACK for a non-2xx final response (same branch as the INVITE, hop by hop). */
  private ackFailure(uri: string, headers: string[], response: SipMessage): void {
    const [seq] = (response.header('cseq') ?? '1').split(' ')
    this.send(
      [
        `ACK ${uri} SIP/2.0`,
        `Via: ${response.header('via')}`,
        'Max-Forwards: 70',
        ...headers.filter(h => !h.startsWith('To:') && !h.startsWith('Contact:')),
        `To: ${response.header('to')}`,
        `CSeq: ${seq} ACK`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    )
  }

  /**
   * An in-dialog request (ACK for a 2xx, BYE) built from the dialog as the UAC sees it: Request-URI = the
   * remote Contact, Route = the Record-Route set reversed.
   */
  inDialog(method: 'ACK' | 'BYE', dialog: { response: SipMessage; callId: string; fromTag: string }, cseq: number): void {
    const remote = /<([^>]+)>/.exec(dialog.response.header('contact') ?? '')?.[1] ?? ''
    const routes = dialog.response.headerAll('record-route').flatMap(v => v.split(/,\s*(?=<)/)).reverse()
    this.send(
      [
        `${method} ${remote} SIP/2.0`,
        `Via: ${this.via()}`,
        'Max-Forwards: 70',
        ...routes.map(r => `Route: ${r}`),
        `To: ${dialog.response.header('to')}`,
        `From: <sip:${this.user}@${this.domain}>;tag=${dialog.fromTag}`,
        `Call-ID: ${dialog.callId}`,
        `CSeq: ${cseq} ${method}`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    )
  }

  /** Answers a request received by this UA (200 for INVITE carries a Contact and a to-tag). */
  reply(request: SipMessage, status: number, reason: string, toTag?: string): void {
    const to = request.header('to') ?? ''
    this.send(
      [
        `SIP/2.0 ${status} ${reason}`,
        ...request.headerAll('via').map(v => `Via: ${v}`),
        ...request.headerAll('record-route').map(v => `Record-Route: ${v}`),
        `From: ${request.header('from')}`,
        `To: ${toTag && !/;tag=/.test(to) ? `${to};tag=${toTag}` : to}`,
        `Call-ID: ${request.header('call-id')}`,
        `CSeq: ${request.header('cseq')}`,
        ...(request.method === 'INVITE' ? [`Contact: ${this.contact}`] : []),
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    )
  }
}
