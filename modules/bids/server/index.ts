import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerModule } from '../../../server/module'
import { BID_NOTIFICATION } from '../notifications'
import { bidDocumentRoutes } from './documents'
import { bidLinkRoutes } from '../signing/server'
import { bidActionRoutes } from './actions'
import { requestRoutes } from './bank-requests'
import { requestFileRoutes } from './request-files'
import { chatRoutes } from './chat'
import { listRoutes } from './lists'
import { NO_PARTNERS, type PartnersPort } from './ports'
import { bidRoutes, type BidsContext } from './routes'
import { createBidLinksHost, bidPdfRoutes } from './pdf/routes'
import { createBidFileStore } from './pdf/store'
import { seedBids } from './seed'
import { visibility } from './visibility'
import { pushBidChanged } from './push'

export type { PartnersPort } from './ports'
/** The seam of the offer requests (their endpoints build on these; BIDS.md). */
export { createRequests, followRequests } from './requests'
export { readBid, readRequests, requestAllowedActions, bidAllowedActions } from './read'
export { visibility, scopedBids, type Visibility } from './visibility'
export { pushBidChanged, concernedUsers } from './push'
export { notifyBid, type BidEvent } from './notify'
export { createBidDraft, type NewBidDraft } from './draft'
export { bids, bidRequests, bidMessages, bidDocuments, bidRequestFiles } from '../tables'

export interface BidsServerOptions {
  /** The partners module's banks and staff (see ports.ts); none by default. */
  partners?: PartnersPort
}

/**
 * The bids module's server half (issue 11): its tables (./migrations), its notification type (type 3, the same
 * declaration its plugin lists), the bids endpoints (create, read, autosave, idempotent submit, workflow actions,
 * archive/restore, history, the /bids and /verificator lists) and the demo bids.
 */
export function createBidsServer(options: BidsServerOptions = {}): ServerModule {
  const partners = options.partners ?? NO_PARTNERS
  return {
    id: 'bids',
    migrations: fileURLToPath(new URL('../migrations', import.meta.url)),
    notifications: [BID_NOTIFICATION],
    async register(app, deps) {
      const ctx: BidsContext = { deps, partners }
      bidRoutes(app, ctx)
      bidActionRoutes(app, ctx)
      listRoutes(app, ctx)
      // Uploaded and reused documents (the company's file storage); the signer opens them through it too.
      const documents = await bidDocumentRoutes(app, deps, {
        bidsWhere: async (db, actor) => (await visibility(db, partners, actor)).bids,
        onChanged: bidId => pushBidChanged(deps, partners, bidId),
      })
      // The offer requests' bank side, the bank's queue and the chats (bank-requests.ts, chat.ts).
      requestRoutes(app, ctx)
      // The bank's offer drafts and issued guarantees: files of the bid's company in the same storage.
      await requestFileRoutes(app, ctx, documents.storage)
      chatRoutes(app, ctx)
      // The generated PDFs (kept in DATA_DIR/bid-files) and the public links: signing on /sign/{hash}, live on /live.
      const store = createBidFileStore(join(deps.config.dataDir, 'bid-files'), () => new Date(deps.clock.now()))
      bidPdfRoutes(app, deps, store, partners)
      bidLinkRoutes(app, deps, createBidLinksHost(deps, store, partners, key => documents.storage.open(key)))
    },
    seed: (db, demo) => seedBids(db, demo),
  }
}

export const bidsServer: ServerModule = createBidsServer()
