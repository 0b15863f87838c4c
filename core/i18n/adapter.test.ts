import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../auth/storage'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import type { AnyEvent } from '../events/map'
import { attachLocaleAdapter, LOCALE_CHOICE_KEY } from './adapter'

describe('locale adapter', () => {
  it('sets <html lang> at start and on change, and stores only a chosen locale', () => {
    const bus = createBus(virtualClock())
    const storage = memoryStorage()
    const document = { documentElement: { lang: '' } } as unknown as Document
    attachLocaleAdapter({ bus, storage, document })
    bus.emit('app/started', { path: '/', locale: 'ru' }, 'ui')
    expect(document.documentElement.lang).toBe('ru')
    expect(storage.getItem('locale')).toBeNull()
    bus.emit('locale/changed', { locale: 'en' }, 'ui')
    expect(document.documentElement.lang).toBe('en')
    expect(storage.getItem('locale')).toBe('en')
  })

  it('keeps a choice no account has yet until an account saves that language, and brings it back at start', () => {
    const bus = createBus(virtualClock())
    const storage = memoryStorage()
    attachLocaleAdapter({ bus, storage, document: null })
    bus.emit('locale/chosen', { locale: 'en' }, 'ui')
    expect(storage.getItem(LOCALE_CHOICE_KEY)).toBe('en')
    // Another language saved (an older request answering late) leaves the newer choice pending.
    bus.emit('locale/saved', { locale: 'ru' }, 'api')
    expect(storage.getItem(LOCALE_CHOICE_KEY)).toBe('en')

    // A reload before signing in: the choice comes back as the fact it was, after app/started.
    const next = createBus(virtualClock())
    const seen: AnyEvent[] = []
    next.events$.subscribe(e => seen.push(e))
    attachLocaleAdapter({ bus: next, storage, document: null })
    next.emit('app/started', { path: '/login', locale: 'en' }, 'ui')
    expect(seen.map(e => [e.type, e.payload])).toEqual([
      ['app/started', { path: '/login', locale: 'en' }],
      ['locale/chosen', { locale: 'en' }],
    ])

    next.emit('locale/saved', { locale: 'en' }, 'api')
    expect(storage.getItem(LOCALE_CHOICE_KEY)).toBeNull()
  })
})
