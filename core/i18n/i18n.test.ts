import { describe, expect, it } from 'vitest'
import { addListTexts } from '../ui/list/texts'
import { createI18n, loadCoreTexts } from './i18n'
import * as english from './locales/en'

describe("the core's own texts", () => {
  it('are Russian from the start; English arrives once asked for, even after the kit added its keys to the namespace', async () => {
    const i18n = createI18n('en')
    // Not in the first load: the fallback speaks until it arrives.
    expect(i18n.t('core:appName')).toBe('Финансовый кабинет')
    addListTexts(i18n)
    expect(i18n.t('core:list.retry')).toBe('Retry')
    await Promise.all([loadCoreTexts(i18n, 'en'), loadCoreTexts(i18n, 'en')])
    expect(i18n.t('core:appName')).toBe('Finance cabinet')
    expect(i18n.t('validation:required')).toBe('Required field')
    // The kit's keys stay.
    expect(i18n.t('core:list.retry')).toBe('Retry')
  })

  it('given at creation, need no fetch', async () => {
    const i18n = createI18n('en', { en: english })
    expect(i18n.t('core:appName')).toBe('Finance cabinet')
    await loadCoreTexts(i18n, 'en')
    expect(i18n.t('core:loading')).toBe('Loading…')
  })
})
