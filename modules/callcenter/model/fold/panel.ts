import type { AnyEvent } from '../../../../core/events/map'
import { TOAST_PRESET } from '../../../../core/toast/toast'
import { phoneDigits } from '../../../../core/validation/phone'
import { CALLCENTER_ERROR } from '../../contract/constants'
import { command, toast, type Effect } from '../effects'
import { NO_CONTACT, NO_LINKS, type SoftphoneState } from '../state'
import { numberValidity, whyNotCallable } from '../number'
import { contactAddPath } from './paths'
import { searchLinks } from './session'

/** The panel around the call: open or not, the number typed, the clients and calls found for it, the add-contact dialog. */
export function panel(state: SoftphoneState, e: AnyEvent, fx: Effect[]): SoftphoneState {
  switch (e.type) {
    case 'callcenter/panelOpened':
      return state.open ? state : { ...state, open: true }
    case 'callcenter/panelClosed':
      return state.open ? { ...state, open: false } : state
    case 'callcenter/numberEntered': {
      const value = e.payload.value
      const digits = phoneDigits(value)
      // Another number: the last call's failure, the reason it could not be called and a dial waiting for the phone
      // are no longer news.
      const next = { ...state, number: value, waitingDial: null, failure: null, refusal: null, callBack: null }
      return digits ? searchLinks(next, digits, fx) : next
    }

    case 'callcenter/callPressed': {
      const { value, mode } = e.payload
      if (state.session) return state
      // Dial only a complete, valid number on a registered phone; otherwise say why and dial nothing.
      const refusal = whyNotCallable(mode, value, state.registration === 'registered')
      const digits = numberValidity(mode, value).digits
      if (refusal || !digits) return { ...state, refusal }
      fx.push(command('callcenter/dial', { phone: digits }))
      return state.refusal ? { ...state, refusal: null } : state
    }

    // ── found clients and calls ──
    case 'callcenter/linksLoaded':
      if (state.links.phone !== e.payload.phone) return state
      return { ...state, links: { phone: e.payload.phone, status: 'ready', clients: e.payload.links.clients, calls: e.payload.links.calls } }
    case 'callcenter/linksFailed':
      if (state.links.phone !== e.payload.phone) return state
      return { ...state, links: { ...NO_LINKS, phone: e.payload.phone, status: 'failed' } }

    // ── add contact ──
    case 'callcenter/contactDialogOpened':
      return { ...state, contact: { open: true, saving: false, failure: null } }
    case 'callcenter/contactDialogClosed':
      return state.contact.open ? { ...state, contact: NO_CONTACT } : state
    case 'callcenter/contactSubmitted': {
      if (state.contact.saving) return state
      const context = state.session ? { page: state.session.page, page_id: state.session.page_id } : state.context
      fx.push(command('callcenter/postContact', { path: contactAddPath(context), body: { ...e.payload.form, page: context.page, page_id: context.page_id } }))
      return { ...state, contact: { open: true, saving: true, failure: null } }
    }
    case 'callcenter/contactAdded':
      fx.push(toast({ ...TOAST_PRESET.contactAdded, text: 'callcenter:toast.contactAdded' }))
      return { ...state, contact: NO_CONTACT }
    case 'callcenter/contactFailed': {
      const { failure } = e.payload
      // SPEC §8/§9: a mass number is a 5 s warning "enter another phone"; anything else the contact-add error.
      if (failure.code === CALLCENTER_ERROR.massNumber) fx.push(toast({ ...TOAST_PRESET.massNumber, text: 'callcenter:toast.massNumber' }))
      else fx.push(toast({ ...TOAST_PRESET.contactAddError, text: 'callcenter:toast.contactAddError' }))
      return { ...state, contact: { open: true, saving: false, failure } }
    }
    default:
      return state
  }
}
