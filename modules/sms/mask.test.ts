import { describe, expect, it } from 'vitest'
import { MASK, maskSmsText } from './mask'

describe('maskSmsText: codes and passwords never reach the /sms screen', () => {
  it.each([
    ['Код регистрации: 482193', `Код регистрации: ${MASK}`],
    ['Новый пароль: Zx81-qq', `Новый пароль: ${MASK}`],
    ['Your code is 4821', `Your code ${MASK}`],
    ['Registration code: 4821. Do not share it', `Registration code: ${MASK}`],
    ['New password: Zx81-qq', `New password: ${MASK}`],
    ['Ваш пароль — qwerty', `Ваш пароль — ${MASK}`],
    ['ПАРОЛЬ abc', `ПАРОЛЬ ${MASK}`],
    ['Кода 1234', `Кода ${MASK}`],
    ['Пароль Zx81-qq', `Пароль ${MASK}`],
    ['Пароль для входа Ab-cd', `Пароль ${MASK}`],
  ])('%s → %s', (text, masked) => {
    expect(maskSmsText(text)).toBe(masked)
  })

  it('masks runs of 4 to 8 digits without a keyword, and keeps shorter or longer runs', () => {
    expect(maskSmsText('Вход: 1234 и 87654321')).toBe(`Вход: ${MASK} и ${MASK}`)
    expect(maskSmsText('Заявка 123 принята, звоните 77001234567')).toBe('Заявка 123 принята, звоните 77001234567')
    expect(maskSmsText('Ставка 12345.')).toBe(`Ставка ${MASK}.`)
  })

  it('leaves a text with nothing secret as it is, and does not take a keyword inside another word', () => {
    expect(maskSmsText('Заявка одобрена')).toBe('Заявка одобрена')
    expect(maskSmsText('Эпизод 12 готов')).toBe('Эпизод 12 готов')
    expect(maskSmsText('barcode 12')).toBe('barcode 12')
  })

  it('never returns the secret of a keyword with nothing after its label', () => {
    expect(maskSmsText('Пароль:')).toBe('Пароль:')
    expect(maskSmsText('code')).toBe('code')
  })
})
