import { CONFIRM_BID_PATH, NEW_BID_PATH } from '../../contract'
import type { WizardStep } from '../../services'

/** `/bids/new?id=12&step=terms` → the draft and the step (the URL is what a reload or another device continues from). */
export const wizardPath = (id: number, step?: WizardStep) => `${NEW_BID_PATH}?id=${id}${step ? `&step=${step}` : ''}`
export const confirmPath = (id: number) => `${CONFIRM_BID_PATH}?id=${id}`
export const parseId = (raw: string | null): number | null => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null)
