import { describe, expect, it } from 'vitest'
import { completeSettlementAccount } from './checksums'
import { cmsg } from './messages'
import { bankAccountWarnings, companyWarnings, ownerWarnings, personWarnings } from './warnings'

describe('check digits are warnings, and only for numbers of the right length', () => {
  it('company inn and ogrn / ogrnip', () => {
    expect(companyWarnings({ inn: '7707083893', ogrn: '1027700132195' })).toEqual({})
    expect(companyWarnings({ inn: '500100732259', ogrn: '304500116000157' })).toEqual({})
    expect(companyWarnings({ inn: '7707083894', ogrn: '1027700132196' })).toEqual({ inn: cmsg.innChecksum, ogrn: cmsg.ogrnChecksum })
    expect(companyWarnings({ inn: '500100732258', ogrn: '304500116000158' })).toEqual({ inn: cmsg.innChecksum, ogrn: cmsg.ogrnipChecksum })
    // A wrong length is the error rules' business.
    expect(companyWarnings({ inn: '770708389', ogrn: '10277' })).toEqual({})
    expect(companyWarnings({ inn: null, ogrn: undefined })).toEqual({})
  })
  it('person inn and snils, masked or bare, only for Russians', () => {
    expect(personWarnings({ inn: '500100732259', snils: '112-233-445 95' })).toEqual({})
    expect(personWarnings({ inn: '500100732258', snils: '11223344596', citizenship: '643' })).toEqual({ inn: cmsg.innChecksum, snils: cmsg.snilsChecksum })
    // A Kazakh IIN has its own rule; SNILS is Russian.
    expect(personWarnings({ inn: '500100732258', snils: '11223344596', citizenship: '398' })).toEqual({})
  })
  it('owners like companies', () => {
    expect(ownerWarnings({ inn: '7707083894', ogrn: null })).toEqual({ inn: cmsg.innChecksum })
  })
  it('settlement and correspondent accounts against the BIK', () => {
    const settlement = completeSettlementAccount('40702810000000012345', '044525225')
    expect(bankAccountWarnings({ bik: '044525225', settlement_account: settlement, correspondent_account: '30101810400000000225' })).toEqual({})
    expect(bankAccountWarnings({ bik: '040349602', settlement_account: settlement, correspondent_account: '30101810400000000225' })).toEqual({
      settlement_account: cmsg.settlementAccountChecksum,
      correspondent_account: cmsg.correspondentAccountChecksum,
    })
    expect(bankAccountWarnings({ bik: '0445', settlement_account: settlement })).toEqual({})
    expect(bankAccountWarnings({ bik: '044525225', settlement_account: '4070', correspondent_account: null })).toEqual({})
  })
})
