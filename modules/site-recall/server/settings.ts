import { rateLimit, type RateLimit } from '../../../server/config'

/** The site callbacks' own settings, read from the environment by this module (not the core's Config). */
export interface SiteRecallSettings {
  /**
   * SITE_RECALL_ORIGINS: the website origins (scheme://host[:port], comma-separated) whose pages may post the form
   * from a browser. Empty: no browser on another origin may (a request with no Origin, from a server, still may).
   */
  origins: readonly string[]
  /** SITE_RECALL_IP_LIMIT (default 10/hour): requests of one client address, counted in this process. */
  perIp: RateLimit
  /** SITE_RECALL_PHONE_LIMIT (default 3/hour): stored requests for one phone, counted in the database (all nodes). */
  perPhone: RateLimit
}

/** `https://Example.com:443/` → `https://example.com`; anything that is not an http(s) origin fails the start. */
function origin(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`SITE_RECALL_ORIGINS: "${raw}" is not an origin like https://example.com`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SITE_RECALL_ORIGINS: "${raw}" is not http(s)`)
  return url.origin
}

export function siteRecallSettings(env: Record<string, string | undefined> = process.env): SiteRecallSettings {
  return {
    origins: (env.SITE_RECALL_ORIGINS ?? '')
      .split(',')
      .map(s => s.trim())
      .filter(Boolean)
      .map(origin),
    perIp: rateLimit(env.SITE_RECALL_IP_LIMIT || '10/hour', 'SITE_RECALL_IP_LIMIT'),
    perPhone: rateLimit(env.SITE_RECALL_PHONE_LIMIT || '3/hour', 'SITE_RECALL_PHONE_LIMIT'),
  }
}
