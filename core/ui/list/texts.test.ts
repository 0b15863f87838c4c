import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../i18n/i18n'
import * as english from '../../i18n/locales/en'
import en from '../../i18n/locales/en/list.json'
import ru from '../../i18n/locales/ru/list.json'
import { addListTexts, totalText } from './texts'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

describe('the list kit\'s texts (core:list.*)', () => {
  it('have the same keys in ru and en, and every key the kit uses', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort())
    const dir = new URL('.', import.meta.url).pathname
    const used = new Set<string>()
    for (const name of readdirSync(dir).filter(n => n.endsWith('.tsx') && !n.includes('.test.'))) {
      const text = readFileSync(join(dir, name), 'utf8')
      for (const m of text.matchAll(/\bt\(\s*'(list\.[a-zA-Z.]+)'/g)) used.add(m[1]!)
      for (const m of text.matchAll(/\bt\([^)]*?\?\s*'(list\.[a-zA-Z.]+)'\s*:\s*'(list\.[a-zA-Z.]+)'/g)) used.add(m[1]!).add(m[2]!)
    }
    expect([...used].filter(k => !keys(ru).includes(k))).toEqual([])
    expect(used.size).toBeGreaterThan(12)
  })

  it('join the core namespace of any i18next instance, in both languages, once', () => {
    const i18n = createI18n('en', { en: english })
    expect(i18n.t('core:list.retry')).toBe('list.retry')
    addListTexts(i18n)
    addListTexts(i18n)
    expect(i18n.t('core:list.retry')).toBe('Retry')
    expect(i18n.t('core:list.pageOf', { lng: 'ru', page: 2, pages: 5 })).toBe('Страница 2 из 5')
    // The rest of the core pack is untouched.
    expect(i18n.t('core:toast.close')).toBe('Close')
  })
})

describe('totalText', () => {
  it('says "about" when the server only estimated the total', () => {
    const i18n = createI18n('ru')
    addListTexts(i18n)
    const t = i18n.getFixedT('ru', 'core')
    expect(totalText(t, { total: 15 })).toBe('Всего: 15')
    expect(totalText(t, { total: 48586, total_estimated: false })).toBe('Всего: 48586')
    expect(totalText(t, { total: 48586, total_estimated: true })).toBe('Всего: около 48586')
    expect(totalText(i18n.getFixedT('en', 'core'), { total: 9000, total_estimated: true })).toBe('Total: about 9000')
  })
})
