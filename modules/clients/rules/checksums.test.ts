import { describe, expect, it } from 'vitest'
import {
  completeInn,
  completeOgrn,
  completeSettlementAccount,
  completeSnils,
  isCorrespondentAccountValidForBik,
  isInnChecksumValid,
  isOgrnChecksumValid,
  isOgrnipChecksumValid,
  isSettlementAccountValidForBik,
  isSnilsChecksumValid,
} from './checksums'

describe('INN', () => {
  it('accepts real company and person INNs', () => {
    expect(isInnChecksumValid('7707083893')).toBe(true) // Sberbank
    expect(isInnChecksumValid('7736207543')).toBe(true) // Yandex
    expect(isInnChecksumValid('500100732259')).toBe(true) // a person's INN from the FNS samples
  })
  it('refuses a wrong check digit, a wrong length and non-digits', () => {
    expect(isInnChecksumValid('7707083894')).toBe(false)
    expect(isInnChecksumValid('500100732258')).toBe(false)
    expect(isInnChecksumValid('500100732249')).toBe(false) // 11th digit wrong
    expect(isInnChecksumValid('770708389')).toBe(false)
    expect(isInnChecksumValid('77070838933')).toBe(false)
    expect(isInnChecksumValid('77070838a3')).toBe(false)
  })
  it('completes 9 and 10 digits into valid INNs', () => {
    expect(completeInn('770708389')).toBe('7707083893')
    expect(isInnChecksumValid(completeInn('7705123456'))).toBe(true)
    expect(() => completeInn('1')).toThrow()
  })
})

describe('OGRN and OGRNIP', () => {
  it('accepts real numbers', () => {
    expect(isOgrnChecksumValid('1027700132195')).toBe(true) // Sberbank
    expect(isOgrnipChecksumValid('304500116000157')).toBe(true)
  })
  it('refuses wrong check digits and lengths', () => {
    expect(isOgrnChecksumValid('1027700132196')).toBe(false)
    expect(isOgrnChecksumValid('102770013219')).toBe(false)
    expect(isOgrnipChecksumValid('304500116000158')).toBe(false)
    expect(isOgrnipChecksumValid('1027700132195')).toBe(false)
  })
  it('completes 12 and 14 digits', () => {
    expect(completeOgrn('102770013219')).toBe('1027700132195')
    expect(completeOgrn('30450011600015')).toBe('304500116000157')
    expect(() => completeOgrn('123')).toThrow()
  })
})

describe('SNILS', () => {
  it('checks the control number, with 100 and 101 as 00', () => {
    expect(isSnilsChecksumValid('11223344595')).toBe(true)
    expect(isSnilsChecksumValid('11223344596')).toBe(false)
    // Weighted sums of exactly 101 (2·9 + 9·8 + 1·7 + 1·4) and 100 (… + 1·3) give 00.
    expect(isSnilsChecksumValid('29100100000')).toBe(true)
    expect(isSnilsChecksumValid('29100010000')).toBe(true)
    expect(isSnilsChecksumValid('29100100001')).toBe(false)
    // Above 101: the sum mod 101 (9·9 + 9·8 + … = 405 → 405 mod 101 = 1).
    expect(isSnilsChecksumValid('99999999901')).toBe(true)
    expect(isSnilsChecksumValid(completeSnils('123456789'))).toBe(true)
  })
  it('lets numbers up to 001-001-998 pass (they predate the check)', () => {
    expect(isSnilsChecksumValid('00100199899')).toBe(true)
    expect(isSnilsChecksumValid('1122334459')).toBe(false)
  })
})

describe('bank accounts against the BIK', () => {
  it('accepts real correspondent accounts', () => {
    expect(isCorrespondentAccountValidForBik('30101810400000000225', '044525225')).toBe(true)
    expect(isCorrespondentAccountValidForBik('30101810145250000974', '044525974')).toBe(true)
    expect(isCorrespondentAccountValidForBik('30101810400000000226', '044525225')).toBe(false)
  })
  it('checks a settlement account with the last three digits of the BIK', () => {
    const account = completeSettlementAccount('40702810000000012345', '044525225')
    expect(isSettlementAccountValidForBik(account, '044525225')).toBe(true)
    expect(isSettlementAccountValidForBik(account, '044525593')).toBe(false)
    expect(isSettlementAccountValidForBik(account.slice(1), '044525225')).toBe(false)
    expect(isSettlementAccountValidForBik(account, '04452522')).toBe(false)
  })
  it('completes a correspondent account too', () => {
    expect(isCorrespondentAccountValidForBik(completeSettlementAccount('30101810000000000593', '044525593', true), '044525593')).toBe(true)
  })
})
