import type { SmsHttpConfig } from '../config'

/**
 * Where an SMS of the outbox is handed over to be delivered. `deliver` resolves once the gateway took it and throws
 * on any failure (the message becomes the SMS's error text and the job queue retries). No gateway (null) is the
 * "outbox only" mode of development: SMS stay new in sms_outbox and SMS_LOG_FILE.
 */
export interface SmsGateway {
  deliver(phone: string, text: string): Promise<void>
}

/** A gateway's answer past this many characters is cut: it lands in the error column and on the /sms screen. */
const ERROR_BODY_MAX = 200

/**
 * The HTTP gateway (SMS_HTTP_*): POST JSON `{ to, text, from }` with a bearer token; any 2xx means taken. A request
 * that does not finish within `timeoutMs` is a failure like a 5xx (the gateway may still send it: at least once).
 */
export function createHttpGateway(config: SmsHttpConfig): SmsGateway {
  return {
    async deliver(phone, text) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (config.token) headers.authorization = `Bearer ${config.token}`
      let res: Response
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: phone, text, from: config.from }),
          signal: AbortSignal.timeout(config.timeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        throw new Error(timedOut ? `SMS gateway timed out after ${config.timeoutMs} ms` : `SMS gateway unreachable: ${causeOf(error)}`)
      }
      if (res.ok) {
        await res.body?.cancel()
        return
      }
      const body = (await res.text().catch(() => '')).trim().slice(0, ERROR_BODY_MAX)
      throw new Error(`SMS gateway answered ${res.status}${body ? `: ${body}` : ''}`)
    },
  }
}

/** fetch says "fetch failed"; the reason (ECONNREFUSED …) is in its cause. */
function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  if (cause instanceof Error) return (cause as Error & { code?: string }).code ?? cause.message
  return error.message
}

/** The gateway the configuration names, or null (outbox only). */
export function smsGatewayOf(config: { smsHttp: SmsHttpConfig | null }): SmsGateway | null {
  return config.smsHttp ? createHttpGateway(config.smsHttp) : null
}
