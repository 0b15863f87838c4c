import { describe, expect, it } from 'vitest'
import type { Actor } from '../../core/access/actor'
import { ROLE, ROLES, type Role } from '../../core/auth/profile'
import { allowedActions, decide, workflowLabelKeys, type Workflow } from '../../core/workflow'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import {
  BID_STATUS,
  FOLLOWING_STATUSES,
  LEGACY_BID_STATUS,
  LEGACY_REQUEST_STATUS,
  REQUEST_STATUS,
  bidStatusFromRequests,
  bidWorkflow,
  canonicalBidStatus,
  canonicalRequestStatus,
  requestWorkflow,
} from './workflow'

const actor = (role: Role, id = 1): Actor => ({ id, role, office_id: null, tender: false, sip: false, impersonated: false })

/** SPEC §4, copied number by number: every one must be a status we write or an alias of one. */
const SPEC_CLIENT_SIDE = [0, 1, 10, 2, 7, 20, 3, 30, 4, 40, 5, 50, 6, 11, 12, 13, 14, 51, 52, 200]
const SPEC_BANK_SIDE = [1, 20, 30, 35, 40, 50, 51, 52, 60, 70, 130, 150, 160, 170, 180, 200]

describe('bids workflows: SPEC §4 numbers', () => {
  it('places every client-side number: a status, or an alias of one (never both)', () => {
    for (const code of SPEC_CLIENT_SIDE) {
      const status = bidWorkflow.statusName(code)
      const alias = LEGACY_BID_STATUS[code]
      expect(status !== undefined || alias !== undefined, `client-side ${code}`).toBe(true)
      expect(status !== undefined && alias !== undefined, `client-side ${code} is both`).toBe(false)
      if (alias !== undefined) expect(bidWorkflow.statusName(alias), `alias ${code} → ${alias}`).toBeDefined()
    }
    // And we write nothing the spec does not number.
    for (const code of Object.values(BID_STATUS)) expect(SPEC_CLIENT_SIDE).toContain(code)
  })

  it('places every bank-side number the same way', () => {
    for (const code of SPEC_BANK_SIDE) {
      const status = requestWorkflow.statusName(code)
      const alias = LEGACY_REQUEST_STATUS[code]
      expect(status !== undefined || alias !== undefined, `bank-side ${code}`).toBe(true)
      expect(status !== undefined && alias !== undefined, `bank-side ${code} is both`).toBe(false)
      if (alias !== undefined) expect(requestWorkflow.statusName(alias)).toBeDefined()
    }
    for (const code of Object.values(REQUEST_STATUS)) expect(SPEC_BANK_SIDE).toContain(code)
  })

  it('reads aliases as their canonical code', () => {
    expect([1, 2, 7, 3, 4, 5, 51].map(canonicalBidStatus)).toEqual([10, 20, 20, 30, 40, 50, 40])
    expect(canonicalBidStatus(52)).toBe(52)
    expect(canonicalBidStatus(999)).toBe(999)
    expect([51, 20, 52, 70].map(canonicalRequestStatus)).toEqual([1, 150, 150, 70])
  })

  it('keeps the two schemes apart (their own history ids and pack paths)', () => {
    expect(bidWorkflow.id).toBe('bids.status')
    expect(requestWorkflow.id).toBe('bidRequests.bankStatus')
    expect(bidWorkflow.field).not.toBe(requestWorkflow.field)
  })
})

describe('bidWorkflow', () => {
  const client = actor(ROLE.client)
  const verifier = actor(ROLE.verifier)
  it('gives the owner the submit from a draft and the resubmit after a return, nothing else', () => {
    expect(allowedActions(bidWorkflow, 0, client)).toEqual(['submit'])
    expect(allowedActions(bidWorkflow, 30, actor(ROLE.agent))).toEqual(['resubmit'])
    expect(allowedActions(bidWorkflow, 10, client)).toEqual([])
    expect(allowedActions(bidWorkflow, 0, actor(ROLE.callCenterVerifier))).toEqual([])
  })
  it('walks a verifier through take → correction / approve → send to banks', () => {
    expect(allowedActions(bidWorkflow, 10, verifier)).toEqual(['take', 'decline'])
    expect(allowedActions(bidWorkflow, 20, verifier)).toEqual(['sendForCorrection', 'approve', 'decline'])
    expect(allowedActions(bidWorkflow, 40, verifier)).toEqual(['decline', 'returnToWork', 'sendToBanks'])
    expect(allowedActions(bidWorkflow, 13, verifier)).toEqual(['cancelDecline'])
    expect(allowedActions(bidWorkflow, 6, verifier)).toEqual(['returnToWork'])
    expect(allowedActions(bidWorkflow, 0, verifier)).toEqual([])
  })
  it('lets the admin verifier and the administrator roll back to named statuses', () => {
    expect(allowedActions(bidWorkflow, 200, actor(ROLE.adminVerifier))).toEqual(['rollbackToDraft', 'rollbackToReview', 'rollbackToApproved'])
    expect(allowedActions(bidWorkflow, 20, actor(ROLE.admin))).toEqual(['rollbackToDraft'])
    expect(allowedActions(bidWorkflow, 0, actor(ROLE.admin))).toEqual([])
    expect(allowedActions(bidWorkflow, 200, verifier)).toEqual([])
  })
  it('asks for the inputs the issue names', () => {
    expect(decide(bidWorkflow, 20, 'sendForCorrection', verifier, {})).toMatchObject({ status: 422, validation: { comment: 'validation:required' } })
    expect(decide(bidWorkflow, 20, 'decline', verifier, { reason: ' ' })).toMatchObject({ status: 422, validation: { reason: 'validation:required' } })
    expect(decide(bidWorkflow, 40, 'sendToBanks', verifier, { partner_ids: [] })).toMatchObject({ status: 422 })
    expect(decide(bidWorkflow, 40, 'sendToBanks', verifier, { partner_ids: [1, 1] })).toMatchObject({ status: 422 })
    expect(decide(bidWorkflow, 40, 'sendToBanks', verifier, { partner_ids: [1, 2] })).toEqual({ ok: true, from: 40, to: 50, input: { partner_ids: [1, 2], channel: 'bank' } })
    expect(decide(bidWorkflow, 40, 'sendToBanks', verifier, { partner_ids: [3], channel: 'mfo' })).toMatchObject({ ok: true, input: { channel: 'mfo' } })
    expect(decide(bidWorkflow, 52, 'rollbackToApproved', actor(ROLE.admin))).toMatchObject({ ok: true, to: 40 })
  })
})

describe('requestWorkflow', () => {
  it('gives the bank, the owner and the verifier their own steps', () => {
    const bank = actor(ROLE.bank)
    expect(allowedActions(requestWorkflow, 1, bank)).toEqual(['take', 'refuse'])
    expect(allowedActions(requestWorkflow, 70, actor(ROLE.bankManager))).toEqual(['askDocuments', 'askVerifier', 'refuse', 'makeOffer'])
    expect(allowedActions(requestWorkflow, 160, bank)).toEqual(['confirmAcceptance', 'issue'])
    expect(allowedActions(requestWorkflow, 180, bank)).toEqual(['issue'])
    expect(allowedActions(requestWorkflow, 150, actor(ROLE.client))).toEqual(['accept', 'askChange'])
    expect(allowedActions(requestWorkflow, 40, actor(ROLE.agent))).toEqual(['provideDocuments'])
    expect(allowedActions(requestWorkflow, 30, actor(ROLE.verifier))).toEqual(['verifyDocuments'])
    expect(allowedActions(requestWorkflow, 200, bank)).toEqual([])
    expect(allowedActions(requestWorkflow, 150, bank)).toEqual([])
  })
  it('validates the offer and the issue', () => {
    const bank = actor(ROLE.bank)
    expect(decide(requestWorkflow, 70, 'makeOffer', bank, { amount: '1 000 000', fee: '12500,5', term_days: '365' })).toEqual({
      ok: true,
      from: 70,
      to: 150,
      input: { amount: 1_000_000, fee: 12500.5, term_days: 365 },
    })
    expect(decide(requestWorkflow, 70, 'makeOffer', bank, { amount: 0, fee: 1, term_days: 1 })).toMatchObject({ status: 422, validation: { amount: 'bids:validation.positive' } })
    expect(decide(requestWorkflow, 180, 'issue', bank, {})).toMatchObject({ status: 422, validation: { guarantee_number: 'validation:required' } })
  })
})

describe('bidStatusFromRequests', () => {
  const R = REQUEST_STATUS
  it.each([
    [[], 50],
    [[R.readyToSend], 50],
    [[R.readyToSend, R.atBank, R.documentsVerified], 50],
    [[R.atBank, R.correction], 12],
    [[R.awaitingVerification], 12],
    [[R.verifierCheck, R.refused], 12],
    [[R.offer, R.correction], 52],
    [[R.changeRequested], 52],
    [[R.clientApproved, R.offer], 14],
    [[R.documentsSigned], 14],
    [[R.offerAccepted, R.refused], 14],
    [[R.issued, R.offer, R.refused], 200],
    [[R.refused], 6],
    [[R.refused, R.refused], 6],
    [[R.refused, R.atBank], 50],
    // Aliases count as their canonical codes: 20 and 52 are offers, 51 is ready.
    [[20], 52],
    [[51, 130], 50],
  ])('%j → %i', (statuses, expected) => {
    expect(bidStatusFromRequests(statuses)).toBe(expected)
  })
  it('always lands on a status that follows the requests', () => {
    const codes = Object.values(R)
    for (const a of codes) for (const b of codes) expect(FOLLOWING_STATUSES).toContain(bidStatusFromRequests([a, b]))
  })
})

describe('bids workflow packs', () => {
  const keys = (o: unknown, prefix = ''): string[] =>
    typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]
  it('hold every status, action and input of both workflows in ru and en, and the same keys', () => {
    const ruKeys = new Set(keys(ru).map(k => `bids:${k}`))
    const enKeys = new Set(keys(en).map(k => `bids:${k}`))
    expect([...enKeys].sort()).toEqual([...ruKeys].sort())
    for (const workflow of [bidWorkflow, requestWorkflow] as Workflow[]) {
      expect(workflowLabelKeys(workflow).filter(k => !ruKeys.has(k))).toEqual([])
    }
    expect(ruKeys.has('bids:workflow.status.actions.followRequests')).toBe(true)
    expect(ruKeys.has('bids:workflow.bankStatus.actions.documentsSigned')).toBe(true)
  })
  it('every role gets an answer for every (status, action) of both workflows', () => {
    for (const workflow of [bidWorkflow, requestWorkflow] as Workflow[]) {
      for (const code of Object.values(workflow.statuses)) {
        for (const role of ROLES) for (const action of Object.keys(workflow.actions)) expect(() => decide(workflow, code, action, actor(role), {})).not.toThrow()
      }
    }
  })
})
