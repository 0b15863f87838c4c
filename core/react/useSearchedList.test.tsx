// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { listTestRuntime } from '../ui/list/testing'
import { SEARCH_DEBOUNCE_MS, useSearchedList } from './useSearchedList'

afterEach(cleanup)

describe('useSearchedList', () => {
  it('asks for the first items, then for the typed text after its pause; a cleared box asks again at once', async () => {
    const k = listTestRuntime({
      answer: req => {
        const search = req.search.get('search')
        return search === null ? { items: ['first'] } : { items: [`found ${search}`], ...(search === 'typo' ? { similar: true } : {}) }
      },
    })
    const asked = () => k.sent.filter(r => r.path === 'v1/things').map(r => r.search.get('search'))
    const { result, rerender } = renderHook(({ search }) => useSearchedList<string>('v1/things', search), {
      initialProps: { search: '' },
      wrapper: ({ children }) => k.wrap(children),
    })
    await waitFor(() => expect(result.current).toMatchObject({ items: ['first'], status: 'loaded', asked: '', similar: false }))

    // Typing: loading at once (the answer shown is not for the text yet), asked only after the pause.
    rerender({ search: ' typo ' })
    expect(result.current.status).toBe('loading')
    act(() => k.clock.advanceBy(SEARCH_DEBOUNCE_MS - 1))
    expect(asked()).toEqual([null])
    act(() => k.clock.advanceBy(1))
    await waitFor(() => expect(result.current).toMatchObject({ items: ['found typo'], status: 'loaded', asked: 'typo', similar: true }))
    expect(asked()).toEqual([null, 'typo'])

    // Cleared: the first items again without a pause, and no "similar" left over.
    rerender({ search: '' })
    await waitFor(() => expect(result.current).toMatchObject({ items: ['first'], status: 'loaded', asked: '', similar: false }))
    expect(asked()).toEqual([null, 'typo', null])
  })
})
