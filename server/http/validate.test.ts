import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CONTROL_CHARS_MESSAGE } from '../../core/validation'
import { ApiError } from './errors'
import { parseBody, parseQuery } from './validate'

/** The control-character net under every schema: a field whose schema forgot the check is still refused, by name. */
describe('parseBody / parseQuery net', () => {
  const forgetful = v.object({ name: v.string(), nested: v.optional(v.object({ note: v.string() })) })

  const refusal = (run: () => unknown): ApiError => {
    try {
      run()
    } catch (error) {
      if (error instanceof ApiError) return error
      throw error
    }
    throw new Error('not refused')
  }

  it('refuses a control character in any string, at its path, as a 422 field message', () => {
    const error = refusal(() => parseBody(forgetful, { name: 'a\u0000', nested: { note: 'b\u001b' }, extra: 'c\u007f' }))
    expect(error.status).toBe(422)
    expect(error.validation).toEqual({ name: CONTROL_CHARS_MESSAGE, 'nested.note': CONTROL_CHARS_MESSAGE, extra: CONTROL_CHARS_MESSAGE })
    expect(refusal(() => parseQuery(v.object({ q: v.optional(v.string()) }), { q: '\u0000' })).validation).toEqual({ q: CONTROL_CHARS_MESSAGE })
  })

  it('keeps the schema\'s own messages and lets tab and line breaks through', () => {
    expect(parseBody(forgetful, { name: 'a\tb', nested: { note: 'one\r\ntwo' } })).toEqual({ name: 'a\tb', nested: { note: 'one\r\ntwo' } })
    expect(refusal(() => parseBody(v.object({ n: v.number('validation:invalid'), s: v.string() }), { n: 'x', s: '\u0000' })).validation).toEqual({
      n: 'validation:invalid',
      s: CONTROL_CHARS_MESSAGE,
    })
  })
})
