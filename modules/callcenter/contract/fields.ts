import * as v from 'valibot'
import { line, phoneDigits } from '../../../core/validation'
import { cmsg } from './messages'
import { callPhoneDigits } from './phone'

/** Field rules the call center's request schemas share (./call-forms.ts, ./admin-forms.ts). */

export const callPhone = v.pipe(
  v.string(cmsg.required),
  line(),
  v.trim(),
  v.nonEmpty(cmsg.required),
  v.check(s => callPhoneDigits(s) !== null, cmsg.callPhone),
  v.transform(s => callPhoneDigits(s)!),
)

/** A +7 phone in any accepted form (masked, `+7 …`, 11 digits) → 11 digits. */
export const contactPhone = v.pipe(
  v.string(cmsg.required),
  line(),
  v.trim(),
  v.nonEmpty(cmsg.required),
  v.check(s => phoneDigits(s) !== null, cmsg.phone),
  v.transform(s => phoneDigits(s)!),
)

/** `tender`, `company`, … (letters, digits, `_`, `-`); blank → null. */
export const page = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
  line(),
      v.trim(),
      v.maxLength(64, cmsg.tooLong),
      v.regex(/^[\w-]*$/, cmsg.invalid),
      v.transform(s => s || null),
    ),
  ),
  null,
)

/** A record id as a number or a digit string (forms); blank → null. */
export const optionalId = v.optional(
  v.nullable(
    v.union(
      [
        v.pipe(v.number(cmsg.invalid), v.integer(cmsg.invalid), v.minValue(0, cmsg.invalid), v.maxValue(2_147_483_647, cmsg.invalid)),
        v.pipe(
          v.string(cmsg.invalid),
  line(),
          v.trim(),
          v.regex(/^\d{0,10}$/, cmsg.invalid),
          v.transform(s => (s === '' ? null : Number(s))),
          v.check(n => n === null || n <= 2_147_483_647, cmsg.invalid),
        ),
      ],
      cmsg.invalid,
    ),
  ),
  null,
)

/** Talk time in whole seconds (the panel's timer); left out: unchanged. */
export const seconds = v.optional(v.pipe(v.number(cmsg.invalid), v.integer(cmsg.invalid), v.minValue(0, cmsg.invalid), v.maxValue(86_400, cmsg.invalid)))

const emailShape = v.pipe(v.string(), v.email())

/** Empty or an address; blank → null. */
export const optionalEmailOrNull = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
  line(),
      v.trim(),
      v.maxLength(255, cmsg.tooLong),
      v.check(s => s === '' || v.is(emailShape, s), cmsg.email),
      v.transform(s => s || null),
    ),
  ),
  null,
)

export const optionalText = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(cmsg.invalid),
  line(),
        v.trim(),
        v.maxLength(max, cmsg.tooLong),
        v.transform(s => s || null),
      ),
    ),
    null,
  )

/** Inn of a contact: empty, or 10 (company) / 12 (sole proprietor) digits. */
export const optionalInn = v.optional(
  v.nullable(
    v.pipe(
      v.string(cmsg.invalid),
  line(),
      v.trim(),
      v.check(s => s === '' || /^(\d{10}|\d{12})$/.test(s), cmsg.inn),
      v.transform(s => s || null),
    ),
  ),
  null,
)
