import type { Readable } from 'node:stream'
import type { Actor } from '../../../core/access/actor'
import type { Db } from '../../../server/db/client'
import type { LiveView } from './contract'

/** A document of the bid that a signer may sign (generated PDFs and uploaded documents alike). */
export interface SignableDocument {
  document_id: number
  kind: string
  name: string
  size: number
  sha256: string
}

/**
 * What the signing and live-link routes need from the bids module: the bid's scope, its documents and files, the
 * company contact's phone, and what happens once a signing completes. The bids server implements it over its
 * tables (./wire.ts); the routes know nothing of the bid's own columns.
 */
export interface BidLinksHost {
  /**
   * The bid when `actor` may manage its public links (the owner side — client, agent, agent manager in scope —
   * and verifiers); throws the envelope's 404 outside the actor's scope and 403 for roles that may see but not manage.
   */
  bidForLinks(actor: Actor, bidId: number): Promise<{ id: number }>
  /** The documents a signer signs now, in order (the generated application and questionnaire first). */
  signableDocuments(bidId: number): Promise<SignableDocument[]>
  /** A document's bytes, or null when it is gone. */
  openDocument(bidId: number, documentId: number): Promise<{ stream: Readable; mime: string; sha256: string } | null>
  /** The phone (11 digits) of the bid's company contact, or null. */
  contactPhone(bidId: number): Promise<string | null>
  /** Runs in the signing's transaction once the documents are signed (e.g. an approved request goes 160 → 60). */
  onSigned(tx: Db, bidId: number, signingId: number, at: Date): Promise<void>
  /** The public view of the bid's status and timeline, or null when the bid is gone. */
  liveView(bidId: number): Promise<LiveView | null>
}
