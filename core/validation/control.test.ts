import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CONTROL_CHARS_MESSAGE, controlCharFields, line, multiline, searchText } from './control'
import { registerForm } from './forms'

describe('control characters', () => {
  const single = v.pipe(v.string(), line())
  const many = v.pipe(v.string(), multiline())

  it('a single line refuses every C0 character and DEL, a multi-line text keeps tab and line breaks only', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r']) expect(v.is(single, `a${c}b`)).toBe(false)
    for (const c of ['\t', '\n', '\r']) expect(v.is(many, `a${c}b`)).toBe(true)
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f']) expect(v.is(many, `a${c}b`)).toBe(false)
    expect(v.is(single, 'Иванов Иван 😀 \u00a0')).toBe(true)
  })

  it('a shared form says which field holds one', () => {
    const result = v.safeParse(registerForm, { phone: '7001000099', password: 'secret1', full_name: 'Ivan\u0000', agree_personal_data: true, agree_edo: true })
    expect(result.success).toBe(false)
    expect(result.issues?.map(i => [i.path?.map(p => p.key).join('.'), i.message])).toContainEqual(['full_name', CONTROL_CHARS_MESSAGE])
  })

  it('the request net finds them at any depth, in values and in keys, and lets line breaks through', () => {
    expect(controlCharFields({ a: 'ok\n', b: { c: ['x', 'y\u0000'] }, ['k\u0001']: 1 })).toEqual({ 'b.c.1': CONTROL_CHARS_MESSAGE, 'k\u0001': CONTROL_CHARS_MESSAGE })
    expect(controlCharFields('\u0000')).toEqual({ _: CONTROL_CHARS_MESSAGE })
    expect(controlCharFields({ n: 1, t: true, z: null })).toEqual({})
  })
})

describe('searchText', () => {
  it("is '' when absent, trimmed, one line, at most its length; anything but a string is invalid", () => {
    const search = v.object({ search: searchText(5) })
    const message = (input: unknown) => v.safeParse(search, input).issues?.[0]?.message
    expect(v.parse(search, {})).toEqual({ search: '' })
    expect(v.parse(search, { search: '  ёлка  ' })).toEqual({ search: 'ёлка' })
    expect(message({ search: 'шесть!' })).toBe('validation:tooLong')
    expect(message({ search: 'a\u0000b' })).toBe(CONTROL_CHARS_MESSAGE)
    expect(message({ search: ['a', 'b'] })).toBe('validation:invalid')
  })
})
