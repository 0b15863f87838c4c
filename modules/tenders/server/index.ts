import type { ServerModule } from '../../../server/module'
import { TENDER_NOTIFICATIONS } from '../notifications'

/**
 * The tenders module's server half. For now it only declares the module's notification types (the same
 * declarations its plugin lists), so any module can `notify` with them and the server renders their texts from
 * this module's packs; routes and tables join it here when the module gets them.
 */
export const tendersServer: ServerModule = { id: 'tenders', notifications: TENDER_NOTIFICATIONS }
