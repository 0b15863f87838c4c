import type { ServerModule } from '../../../server/module'
import { BID_NOTIFICATION } from '../notifications'

/**
 * The bids module's server half. For now it only declares the module's notification type (the same declaration
 * its plugin lists), so any module can `notify` with it and the server renders its texts from this module's packs;
 * routes and tables join it here when the module gets them.
 */
export const bidsServer: ServerModule = { id: 'bids', notifications: [BID_NOTIFICATION] }
