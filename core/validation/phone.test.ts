import { describe, expect, it } from 'vitest'
import { applyMask, formatPhone, isValidLoginPhone, isValidPhone, normalizePhoneInput, phoneDigits, PHONE_MASKED_LENGTH } from './phone'

describe('phone mask (SPEC §5)', () => {
  it('has 15 masked characters', () => {
    expect(PHONE_MASKED_LENGTH).toBe(15)
  })

  it('masks typed digits as they come', () => {
    expect(applyMask('7', '(###) ###-##-##')).toBe('(7')
    expect(applyMask('7001', '(###) ###-##-##')).toBe('(700) 1')
    expect(applyMask('7001000010', '(###) ###-##-##')).toBe('(700) 100-00-10')
    expect(applyMask('70010000109999', '(###) ###-##-##')).toBe('(700) 100-00-10')
  })

  it.each([
    ['+7 (700) 100-00-10', '(700) 100-00-10'],
    ['87001000010', '(700) 100-00-10'],
    ['7001000010', '(700) 100-00-10'],
    ['+7 700 100 00 10', '(700) 100-00-10'],
    ['tel: 8-700-100-00-10', '(700) 100-00-10'],
    ['700100', '(700) 100'],
  ])('normalises a pasted %s to the last 10 digits', (pasted, masked) => {
    expect(normalizePhoneInput(pasted)).toBe(masked)
  })

  it('is valid only with 11 digits (7 and ten more) after stripping', () => {
    expect(isValidPhone('(700) 100-00-10')).toBe(true)
    expect(isValidPhone('+7 (700) 100-00-10')).toBe(true)
    expect(isValidPhone('(700) 100-00-1')).toBe(false)
    expect(isValidPhone('(700) 100-00-1a')).toBe(false)
    expect(isValidPhone('')).toBe(false)
    expect(isValidPhone('(700)100-00-10')).toBe(false) // 14 characters: not the mask
  })

  it('accepts only 6 or 7 after the bracket for sign-in', () => {
    expect(isValidLoginPhone('(700) 100-00-10')).toBe(true)
    expect(isValidLoginPhone('(600) 100-00-10')).toBe(true)
    expect(isValidLoginPhone('(900) 100-00-10')).toBe(false)
    expect(isValidLoginPhone('(800) 100-00-10')).toBe(false)
    expect(isValidLoginPhone('(700) 100-00')).toBe(false)
  })

  it('turns any accepted form into 11 digits and back', () => {
    expect(phoneDigits('+7 (700) 100-00-10')).toBe('77001000010')
    expect(phoneDigits('(700) 100-00-10')).toBe('77001000010')
    expect(phoneDigits('77001000010')).toBe('77001000010')
    expect(phoneDigits('87001000010')).toBeNull()
    expect(phoneDigits('700100001')).toBeNull()
    expect(formatPhone('77001000010')).toBe('+7 (700) 100-00-10')
  })
})
