import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../auth/storage'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import { attachLocaleAdapter } from './adapter'

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
})
