import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { msg } from '../../core/validation'
import { REPO_ROOT } from '../config'
import { lookup, pickLang, t, translateFieldMessage } from './i18n'

it('picks ru or en from Accept-Language by q-value, ru by default', () => {
  expect(pickLang(undefined)).toBe('ru')
  expect(pickLang('')).toBe('ru')
  expect(pickLang('de-DE,de;q=0.9')).toBe('ru')
  expect(pickLang('en-GB,en;q=0.9')).toBe('en')
  expect(pickLang('de, en;q=0.5, ru;q=0.8')).toBe('ru')
  expect(pickLang('ru;q=0.1, EN-us')).toBe('en')
  expect(pickLang('en;q=0')).toBe('ru')
})

it('has every validation key core/validation uses, in both languages with the same keys', () => {
  for (const key of Object.values(msg)) {
    expect(lookup('ru', key)).toEqual(expect.any(String))
    expect(lookup('en', key)).toEqual(expect.any(String))
  }
  for (const ns of ['validation', 'server']) {
    const read = (lang: string) => Object.keys(JSON.parse(readFileSync(resolve(REPO_ROOT, `core/i18n/locales/${lang}/${ns}.json`), 'utf8'))).sort()
    expect(read('en')).toEqual(read('ru'))
  }
})

it('interpolates and never leaks an untranslated library message', () => {
  expect(t('en', 'server:restoreSms', { password: 'abc' })).toBe('Your new password: abc')
  expect(translateFieldMessage('en', 'Invalid type: Expected string but received 1')).toBe('Invalid value')
  expect(translateFieldMessage('ru', 'validation:required')).toBe('Обязательное поле')
  expect(lookup('en', 'validation:noSuchKey')).toBeNull()
})
