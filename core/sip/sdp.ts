/** ICE candidates a call offers: all of them, or only loopback ones (both parties on this machine). */
export type IcePolicy = 'all' | 'loopback'

const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[?::1\]?)$/i

/** `ws://127.0.0.1:8088` → true: a SIP server on loopback means a development or test peer on this machine. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname)
  } catch {
    return false
  }
}

/**
 * The ICE policy for a SIP server: loopback-only when the server itself is on loopback. Both user agents are then
 * on this machine, and the other candidates (LAN addresses, mDNS names) only delay or break the media path: a call
 * reaches "confirmed" without a single audio packet (TESTBED "A real SIP peer").
 */
export const icePolicyFor = (wsUrl: string): IcePolicy => (isLoopbackUrl(wsUrl) ? 'loopback' : 'all')

/** Keeps only `a=candidate` lines whose address is 127.x (IPv4 loopback) in an SDP; other lines untouched. */
export function keepLoopbackCandidates(sdp: string): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n'
  return sdp
    .split(/\r?\n/)
    .filter(line => {
      if (!line.startsWith('a=candidate:')) return true
      // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
      const address = line.split(' ')[4] ?? ''
      return /^127\./.test(address)
    })
    .join(eol)
}
