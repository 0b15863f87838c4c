import type { SignedDocument } from './tables'

/**
 * The extension point for signing with a qualified certificate (CryptoPro CSP and the like) instead of an SMS code.
 * Off by default: the registry is empty and /sign/{hash} offers only the simple electronic signature (SMS code).
 *
 * To add one, a deployment registers an adapter before the server starts (for example in a module's `decorate`):
 *
 *   registerCertificateAdapter({ id: 'cryptopro', verify: async ({ documents, signature }) => … })
 *
 * and sets BIDS_CERTIFICATE_ADAPTER=cryptopro. The browser half (the CryptoPro browser plug-in producing a detached
 * CAdES signature over each document's bytes) posts `{ adapter, signatures: [{ n, signature }] }`; the server calls
 * `verify` with the documents' frozen hashes and records what it returns as the signature's evidence. The POST of
 * that body (v1/sign/{hash}/certificate) is answered 404 while no adapter is enabled.
 */
export interface CertificateSignatureInput {
  documents: readonly SignedDocument[]
  /** Detached signatures per document number, as the browser plug-in made them (base64). */
  signatures: readonly { n: number; signature: string }[]
  /** The signer's phone on the link (an adapter may check it against the certificate's subject). */
  phone: string
}

export interface CertificateVerdict {
  ok: boolean
  /** What to keep as evidence: subject, issuer, serial, validity, the signatures themselves. */
  evidence?: Record<string, unknown>
  /** An i18n key (bids pack) to show when refused. */
  reason?: string
}

export interface CertificateAdapter {
  id: string
  verify(input: CertificateSignatureInput): Promise<CertificateVerdict>
}

const adapters = new Map<string, CertificateAdapter>()

export function registerCertificateAdapter(adapter: CertificateAdapter): void {
  if (adapters.has(adapter.id)) throw new Error(`certificate adapter "${adapter.id}" registered twice`)
  adapters.set(adapter.id, adapter)
}

/** The adapter switched on by configuration (BIDS_CERTIFICATE_ADAPTER), or null: off by default. */
export function enabledCertificateAdapter(env: Record<string, string | undefined> = process.env): CertificateAdapter | null {
  const id = env.BIDS_CERTIFICATE_ADAPTER
  if (!id) return null
  return adapters.get(id) ?? null
}

/** For tests: forget every registered adapter. */
export function clearCertificateAdapters(): void {
  adapters.clear()
}
