import { CITIZENSHIP } from './catalogues'
import {
  isCorrespondentAccountValidForBik,
  isInnChecksumValid,
  isOgrnChecksumValid,
  isOgrnipChecksumValid,
  isSettlementAccountValidForBik,
  isSnilsChecksumValid,
} from './checksums'
import { cmsg } from './messages'

/**
 * Check digits are warnings, not errors (SPEC §5 gives only lengths; a real register can hold a number that
 * fails its own check, and a user must be able to save it). Each function takes a form's values — raw or
 * stored, masks are stripped here — and returns `{ field: messageKey }` for the numbers whose length is right
 * but whose check digits do not match; a wrong length is the error rules' business, so it warns nothing.
 *
 * The form shows these under the fields as it goes; the server runs the same functions on what it saved and
 * returns them as `warnings` beside the record (see contract.ts `Saved<T>`), so a client that skipped the
 * check still learns of it.
 */
export type Warnings = Record<string, string>

type Maybe = string | null | undefined
const bare = (s: Maybe): string => (s ?? '').replace(/\D/g, '')

function add(warnings: Warnings, field: string, applies: boolean, ok: boolean, key: string): void {
  if (applies && !ok) warnings[field] = key
}

/** inn (10 or 12 digits), ogrn (13) or ogrnip (15). */
export function companyWarnings(values: { inn?: Maybe; ogrn?: Maybe }): Warnings {
  const w: Warnings = {}
  const inn = bare(values.inn)
  const ogrn = bare(values.ogrn)
  add(w, 'inn', inn.length === 10 || inn.length === 12, isInnChecksumValid(inn), cmsg.innChecksum)
  add(w, 'ogrn', ogrn.length === 13, isOgrnChecksumValid(ogrn), cmsg.ogrnChecksum)
  add(w, 'ogrn', ogrn.length === 15, isOgrnipChecksumValid(ogrn), cmsg.ogrnipChecksum)
  return w
}

/**
 * A person's inn and snils. Kazakh citizens' 12 digits are an IIN with its own rule, and SNILS is Russian:
 * both are checked only for Russians (or when the citizenship is not given).
 */
export function personWarnings(values: { inn?: Maybe; snils?: Maybe; citizenship?: Maybe }): Warnings {
  const w: Warnings = {}
  const russian = !values.citizenship || values.citizenship === CITIZENSHIP.russia
  const inn = bare(values.inn)
  const snils = bare(values.snils)
  add(w, 'inn', russian && inn.length === 12, isInnChecksumValid(inn), cmsg.innChecksum)
  add(w, 'snils', russian && snils.length === 11, isSnilsChecksumValid(snils), cmsg.snilsChecksum)
  return w
}

/** An owner's inn (10 for a legal entity, 12 for a person) and ogrn. */
export function ownerWarnings(values: { inn?: Maybe; ogrn?: Maybe }): Warnings {
  return companyWarnings(values)
}

/** Settlement and correspondent accounts against the BIK (Bank of Russia key). */
export function bankAccountWarnings(values: { bik?: Maybe; settlement_account?: Maybe; correspondent_account?: Maybe }): Warnings {
  const w: Warnings = {}
  const bik = bare(values.bik)
  if (bik.length !== 9) return w
  const settlement = bare(values.settlement_account)
  const correspondent = bare(values.correspondent_account)
  add(w, 'settlement_account', settlement.length === 20, isSettlementAccountValidForBik(settlement, bik), cmsg.settlementAccountChecksum)
  add(w, 'correspondent_account', correspondent.length === 20, isCorrespondentAccountValidForBik(correspondent, bik), cmsg.correspondentAccountChecksum)
  return w
}
