import type { Failure } from '../../../core/api/envelope'
import type { CallEndForm, CallEndResult, Contact, ContactForm, SearchLinks } from '../contract'
import type { NumberMode } from './number'

/** What the finish-call dialog submits; the logic adds the phone, time, call id and page. */
export type FinishForm = Pick<CallEndForm, 'status' | 'comment' | 'is_reminder' | 'reminder_date' | 'reminder_time' | 'call_rating' | 'email_notification'>
/** What the add-contact dialog submits; the logic adds the page. */
export type ContactFields = Omit<ContactForm, 'page' | 'page_id'>

/** The call center's events (DESIGN §3): the user's intentions (`ui`), the server's answers (`api`), the timer. */
declare module '../../../core/events/map' {
  interface EventMap {
    'callcenter/panelOpened': Record<string, never>
    'callcenter/panelClosed': Record<string, never>
    /** The panel's number as typed (a masked phone or an extension). */
    'callcenter/numberEntered': { value: string }
    /**
     * The panel's call button or Enter in its number field, with the number as typed: the softphone dials it only
     * when it is complete and valid on a connected phone, and otherwise says why (`refusal` in the state).
     */
    'callcenter/callPressed': { value: string; mode: NumberMode }
    /** A call asked for (the panel's button or another module's click-to-call); `phone` is digits. */
    'callcenter/dialRequested': { phone: string; page: string | null; page_id: number | null }
    'callcenter/callCreated': { key: number; id: number }
    'callcenter/callCreateFailed': { key: number; message: string }
    'callcenter/statusSaved': { key: number; id: number; status: number }
    /** The call timer's second (derived from the clock while a call is established). */
    'callcenter/tick': { key: number }
    'callcenter/hangupRequested': Record<string, never>
    'callcenter/answerRequested': Record<string, never>
    'callcenter/declineRequested': Record<string, never>
    'callcenter/dtmfPressed': { tone: string }
    'callcenter/muteToggled': Record<string, never>
    'callcenter/holdToggled': Record<string, never>
    'callcenter/transferRequested': { target: string }
    'callcenter/linksLoaded': { phone: string; links: SearchLinks }
    'callcenter/linksFailed': { phone: string; message: string }
    'callcenter/historyAdded': { tenderId: number }
    'callcenter/finishSubmitted': { key: number; form: FinishForm }
    /** The finish dialog of a call that never connected closed without an outcome (its record keeps status 50 and the cause). */
    'callcenter/finishDismissed': { key: number }
    'callcenter/callFinished': { key: number; result: CallEndResult }
    'callcenter/finishFailed': { key: number; failure: Failure }
    'callcenter/contactDialogOpened': Record<string, never>
    'callcenter/contactDialogClosed': Record<string, never>
    'callcenter/contactSubmitted': { form: ContactFields }
    'callcenter/contactAdded': { contact: Contact }
    'callcenter/contactFailed': { failure: Failure }
  }
}
