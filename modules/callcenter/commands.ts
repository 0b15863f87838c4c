import { asFailure } from '../../core/api/client'
import type { CommandContext, CommandHandlers } from '../../core/bus/commands'
import { showToast, TOAST_PRESET, type ToastInput } from '../../core/toast/toast'
import { TENDER_HISTORY_TYPE, TENDERS_API } from '../tenders/contract'
import { CALLCENTER_API } from './contract/api'
import type { CallerCreateForm, CallerUpdateForm, SipAccountForm } from './contract/admin-forms'
import type { CallEndForm, ContactForm } from './contract/call-forms'
import type { CallDirection } from './contract/constants'
import { callPhoneDigits } from './contract/phone'
import type { CallEndResult, Caller, Contact, PhoneCallCreated, SearchLinks, SipAccount } from './contract/responses'
import { callStatistics, callerRecord, callersList, freeSipsList, officesList, sipsList, type ListQuery, type StatisticsRange } from './model/admin'
import type { ContactFields, FinishForm } from './model/events'
import type { NumberMode } from './model/number'

declare module '../../core/bus/commands' {
  interface CommandMap {
    /**
     * Click-to-call, for any module: opens the call panel and calls `phone` (a +7 phone in any form, or an
     * extension) with the caller's page context, e.g. `{ phone, page: 'tender', page_id: 42 }`.
     */
    'callcenter/dial': { phone: string; page?: string | null; page_id?: number | null }

    // The panel's buttons: each reports the user's intention; the softphone process decides what follows.
    'callcenter/openPanel': Record<string, never>
    'callcenter/closePanel': Record<string, never>
    'callcenter/enterNumber': { value: string }
    /** The panel's call button or Enter with the number as typed (the softphone dials it only when it is callable). */
    'callcenter/pressCall': { value: string; mode: NumberMode }
    'callcenter/hangup': Record<string, never>
    'callcenter/answer': Record<string, never>
    'callcenter/decline': Record<string, never>
    'callcenter/dtmf': { tone: string }
    'callcenter/toggleMute': Record<string, never>
    'callcenter/toggleHold': Record<string, never>
    'callcenter/transfer': { target: string }
    'callcenter/finishCall': { key: number; form: FinishForm }
    /** Closes the finish dialog of a call that never connected, without an outcome. */
    'callcenter/dismissFinish': { key: number }
    'callcenter/openContactDialog': Record<string, never>
    'callcenter/closeContactDialog': Record<string, never>
    'callcenter/addContact': { form: ContactFields }

    // HTTP of the call session (the softphone process dispatches them).
    'callcenter/createCall': { key: number; phone: string; direction: CallDirection; page: string | null; page_id: number | null }
    'callcenter/postStatus': { key: number; id: number; status: number; time: number; cause: string | null; page: string | null; page_id: number | null }
    'callcenter/searchLinks': { phone: string }
    'callcenter/historyAdd': { tenderId: number; phone: string }
    'callcenter/postCallEnd': { key: number; path: string; body: CallEndForm }
    'callcenter/postContact': { path: string; body: ContactForm }

    // Administration screens: the loads are the remote() stores' own (./model/admin.ts).
    'callcenter/loadCallers': ListQuery
    'callcenter/loadCaller': { id: number }
    'callcenter/loadSips': ListQuery
    'callcenter/loadFreeSips': Record<string, never>
    'callcenter/loadOffices': Record<string, never>
    'callcenter/loadStatistics': StatisticsRange
    'callcenter/saveCaller': { id: number | null; form: CallerCreateForm | CallerUpdateForm }
    'callcenter/saveSip': { form: SipAccountForm }
  }
}

const intent =
  <T extends Parameters<CommandContext['bus']['emit']>[0]>(type: T) =>
  (_: unknown, ctx: CommandContext) =>
    void ctx.bus.emit(type, {} as never, ctx.source)

export const callcenterCommands: CommandHandlers = {
  'callcenter/dial': ({ phone, page = null, page_id = null }, ctx) => {
    // Where the dial-latency bench (and DevTools) starts the clock; the adapter marks 'sip/callConfirmed'.
    globalThis.performance?.mark?.('callcenter/dial')
    const digits = callPhoneDigits(phone)
    if (!digits) {
      // Not a number we can call: show it in the panel for the user to correct.
      ctx.bus.emit('callcenter/panelOpened', {}, ctx.source)
      ctx.bus.emit('callcenter/numberEntered', { value: phone }, ctx.source)
      return
    }
    ctx.bus.emit('callcenter/dialRequested', { phone: digits, page, page_id }, ctx.source)
  },
  'callcenter/openPanel': intent('callcenter/panelOpened'),
  'callcenter/closePanel': intent('callcenter/panelClosed'),
  'callcenter/enterNumber': ({ value }, ctx) => void ctx.bus.emit('callcenter/numberEntered', { value }, ctx.source),
  'callcenter/pressCall': ({ value, mode }, ctx) => void ctx.bus.emit('callcenter/callPressed', { value, mode }, ctx.source),
  'callcenter/hangup': intent('callcenter/hangupRequested'),
  'callcenter/answer': intent('callcenter/answerRequested'),
  'callcenter/decline': intent('callcenter/declineRequested'),
  'callcenter/dtmf': ({ tone }, ctx) => void ctx.bus.emit('callcenter/dtmfPressed', { tone }, ctx.source),
  'callcenter/toggleMute': intent('callcenter/muteToggled'),
  'callcenter/toggleHold': intent('callcenter/holdToggled'),
  'callcenter/transfer': ({ target }, ctx) => void ctx.bus.emit('callcenter/transferRequested', { target }, ctx.source),
  'callcenter/finishCall': ({ key, form }, ctx) => void ctx.bus.emit('callcenter/finishSubmitted', { key, form }, ctx.source),
  'callcenter/dismissFinish': ({ key }, ctx) => void ctx.bus.emit('callcenter/finishDismissed', { key }, ctx.source),
  'callcenter/openContactDialog': intent('callcenter/contactDialogOpened'),
  'callcenter/closeContactDialog': intent('callcenter/contactDialogClosed'),
  'callcenter/addContact': ({ form }, ctx) => void ctx.bus.emit('callcenter/contactSubmitted', { form }, ctx.source),

  'callcenter/createCall': async ({ key, phone, direction, page, page_id }, ctx) => {
    try {
      const data = await ctx.api.post<PhoneCallCreated>(CALLCENTER_API.phoneCall, { phone, direction, page, page_id })
      // Parse at the boundary: without a numeric id there is no record to report the call to.
      if (!Number.isSafeInteger(data?.id)) throw new Error('The call record has no id')
      ctx.bus.emit('callcenter/callCreated', { key, id: data.id }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/callCreateFailed', { key, message: asFailure(error).message ?? '' }, 'api')
    }
  },
  'callcenter/postStatus': async ({ key, id, status, time, cause, page, page_id }, ctx) => {
    await ctx.api.post(CALLCENTER_API.phoneCallStatus(id), { status, page, page_id, time, cause })
    ctx.bus.emit('callcenter/statusSaved', { key, id, status }, 'api')
  },
  'callcenter/searchLinks': async ({ phone }, ctx) => {
    try {
      const data = await ctx.api.post<Partial<SearchLinks> | null>(CALLCENTER_API.searchLinks, { phone }, { quiet: true })
      const links: SearchLinks = { clients: Array.isArray(data?.clients) ? data.clients : [], calls: Array.isArray(data?.calls) ? data.calls : [] }
      ctx.bus.emit('callcenter/linksLoaded', { phone, links }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/linksFailed', { phone, message: asFailure(error).message ?? '' }, 'api')
    }
  },
  'callcenter/historyAdd': async ({ tenderId, phone }, ctx) => {
    await ctx.api.post(TENDERS_API.historyAdd(tenderId), { type: TENDER_HISTORY_TYPE.call, value: phone })
    ctx.bus.emit('callcenter/historyAdded', { tenderId }, 'api')
  },
  'callcenter/postCallEnd': async ({ key, path, body }, ctx) => {
    try {
      // Quiet: the dialog shows what the server refused under its fields.
      const result = await ctx.api.post<CallEndResult>(path, body, { quiet: true })
      ctx.bus.emit('callcenter/callFinished', { key, result }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/finishFailed', { key, failure: asFailure(error) }, 'api')
    }
  },
  'callcenter/postContact': async ({ path, body }, ctx) => {
    try {
      // Quiet: the outcome is a toast of its own (added / error / mass number) and the fields' messages.
      const contact = await ctx.api.post<Contact>(path, body, { quiet: true })
      ctx.bus.emit('callcenter/contactAdded', { contact }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/contactFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'callcenter/loadCallers': callersList.load,
  'callcenter/loadCaller': callerRecord.load,
  'callcenter/loadSips': sipsList.load,
  'callcenter/loadFreeSips': freeSipsList.load,
  'callcenter/loadOffices': officesList.load,
  'callcenter/loadStatistics': callStatistics.load,

  'callcenter/saveCaller': async ({ id, form }, ctx) => {
    ctx.bus.emit('callcenter/callerSaving', { id }, ctx.source)
    try {
      const caller = await ctx.api.post<Caller>(id === null ? CALLCENTER_API.callers : CALLCENTER_API.caller(id), form, { quiet: true })
      ctx.bus.emit('callcenter/callerSaved', { caller, created: id === null }, 'api')
      // SPEC §8/§9: "employee added" (2 s) / "employee edited" (4 s).
      const preset = id === null ? TOAST_PRESET.employeeAdded : TOAST_PRESET.employeeEdited
      showAnswerToast(ctx, { ...preset, text: id === null ? 'callcenter:toast.employeeAdded' : 'callcenter:toast.employeeEdited' })
      ctx.bus.emit('app/navigationRequested', { to: '/callers', replace: false }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/callerSaveFailed', { id, failure: asFailure(error) }, 'api')
    }
  },
  'callcenter/saveSip': async ({ form }, ctx) => {
    ctx.bus.emit('callcenter/sipSaving', {}, ctx.source)
    try {
      const sip = await ctx.api.post<SipAccount>(CALLCENTER_API.sips, form, { quiet: true })
      ctx.bus.emit('callcenter/sipSaved', { sip }, 'api')
      showAnswerToast(ctx, { kind: 'success', timeout: TOAST_PRESET.employeeAdded.timeout, text: 'callcenter:toast.sipAdded' })
      ctx.bus.emit('app/navigationRequested', { to: '/sips', replace: false }, 'api')
    } catch (error) {
      ctx.bus.emit('callcenter/sipSaveFailed', { failure: asFailure(error) }, 'api')
    }
  },
}

/** A toast caused by the server's answer: an input (`api`), so a replay feeds it back rather than re-deriving it. */
function showAnswerToast(ctx: CommandContext, input: ToastInput) {
  showToast(ctx.bus, input, 'api')
}
