import { describe, expect, it } from 'vitest'
import { $authStatus, $company, $profile, $rememberedPath, $signInMethod } from '../../core/auth/model'
import { replay, replayText } from '../../core/events/replay'
import { roles } from '../../core/access'
import { definePlugin } from '../../core/plugin/types'
import { $socketStatus } from '../../core/socket/model'
import { httpRequests, ofType, scenario, scenarioPath } from './support'

const bids = definePlugin({
  id: 'bids',
  landing: [{ when: ({ profile, company }) => profile.role === 10 && Boolean(company?.inn && company.ogrn), to: '/bids' }],
  sidebar: [{ id: 'bids', to: '/bids', label: 'bids:menu', order: 1, visible: roles(10) }],
  routes: [
    { path: '/bids/:id', page: () => Promise.resolve({ default: () => null }), access: roles(10) },
    { path: '/bank-bids', page: () => Promise.resolve({ default: () => null }), access: roles(40) },
  ],
})

/** SPEC §6: sign-in loads the profile (and company for role 10), opens the socket and lands by role. */
describe('replay: sign-in and landing', () => {
  it('derives the profile request, the landing and the socket connection', async () => {
    const { events, scope } = await replay(scenarioPath('sign-in.jsonl'), { plugins: [bids] })
    expect(httpRequests(events).map(e => [e.payload.method, e.payload.path, e.at])).toEqual([['GET', 'v1/profile', 5200]])
    expect(ofType(events, 'app/navigationRequested').map(e => [e.payload.to, e.at, e.source])).toEqual([['/bids', 5400, 'process']])
    expect(ofType(events, 'socket/opening')).toHaveLength(1)
    expect(scope.getState($authStatus)).toBe('success')
    expect(scope.getState($signInMethod)).toBe('password')
    expect(scope.getState($profile)?.role).toBe(10)
    expect(scope.getState($company)?.inn).toBe('7700000000')
    expect(scope.getState($socketStatus)).toBe('connected')
  })

  it('lands on the remembered path instead, and forgets it', () => {
    const text = scenario('sign-in.jsonl').replace('"rememberedPath":null', '"rememberedPath":"/bids/42"')
    const { events, scope } = replayText(text, { plugins: [bids] })
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload.to)).toEqual(['/bids/42'])
    expect(ofType(events, 'auth/rememberedPathCleared')).toHaveLength(1)
    expect(scope.getState($rememberedPath)).toBeNull()
  })

  it('lands by role when the remembered path is a page this role may not open, and forgets it', () => {
    const text = scenario('sign-in.jsonl').replace('"rememberedPath":null', '"rememberedPath":"/bank-bids"')
    const { events, scope } = replayText(text, { plugins: [bids] })
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload.to)).toEqual(['/bids'])
    expect(scope.getState($rememberedPath)).toBeNull()
  })

  it('lands on / when no module claims the role', async () => {
    const { events } = await replay(scenarioPath('sign-in.jsonl'))
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload.to)).toEqual(['/'])
  })

  it('a stored token loads the profile at start without navigating', () => {
    const { events, scope } = replayText(scenario('idle.jsonl'))
    expect(httpRequests(events).map(e => e.payload.path)).toEqual(['v1/profile'])
    expect(ofType(events, 'app/navigationRequested')).toHaveLength(0)
    expect(scope.getState($signInMethod)).toBe('restored')
  })

  it('a profile answer with 6969 drops the session and goes to /', () => {
    const text = [
      '{"type":"app/started","payload":{"path":"/tasks","token":"[redacted]","locale":"ru"},"at":0,"source":"ui"}',
      '{"type":"auth/profileFailed","payload":{"failure":{"result":false,"message":"Session expired","code":6969}},"at":80,"source":"api"}',
    ].join('\n')
    const { events, scope } = replayText(text)
    expect(ofType(events, 'auth/loggedOut').map(e => e.payload.reason)).toEqual(['expired'])
    expect(ofType(events, 'app/navigationRequested').map(e => e.payload.to)).toEqual(['/'])
    expect(scope.getState($authStatus)).toBe('empty')
  })

  it('another failure keeps the token and reports an error status', () => {
    const text = [
      '{"type":"app/started","payload":{"path":"/tasks","token":"[redacted]","locale":"ru"},"at":0,"source":"ui"}',
      '{"type":"auth/profileFailed","payload":{"failure":{"result":false,"message":"No connection"}},"at":80,"source":"api"}',
    ].join('\n')
    const { events, scope } = replayText(text)
    expect(ofType(events, 'auth/loggedOut')).toHaveLength(0)
    expect(scope.getState($authStatus)).toBe('error')
  })
})
