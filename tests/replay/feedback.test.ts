import { describe, expect, it } from 'vitest'
import { replay } from '../../core/events/replay'
import { $feedback } from '../../core/feedback/model'
import { scenarioPath } from './support'

/** SPEC §4/§9 Feedback: after a successful send the dialog closes at 2000 ms and resets at 2500 ms. */
describe('replay: feedback dialog', () => {
  it('shows thanks, closes 2000 ms after sending and resets 500 ms later', async () => {
    const sentAt = 5300
    const { clock, scope } = await replay(scenarioPath('feedback.jsonl'))
    // The recorded close at 5400 is derived: skipped.
    expect(scope.getState($feedback)).toEqual({ open: true, status: 'sent', error: null })
    clock.advanceTo(sentAt + 1999)
    expect(scope.getState($feedback).open).toBe(true)
    clock.advanceTo(sentAt + 2000)
    expect(scope.getState($feedback)).toEqual({ open: false, status: 'sent', error: null })
    clock.advanceTo(sentAt + 2499)
    expect(scope.getState($feedback).status).toBe('sent')
    clock.advanceTo(sentAt + 2500)
    expect(scope.getState($feedback)).toEqual({ open: false, status: 'idle', error: null })
  })
})
