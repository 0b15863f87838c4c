import { describe, expect, it } from 'vitest'
import { phraseNumber } from './holders'

describe('the number a phrase is probed by', () => {
  it('is the longest run of four or more digits in a phrase that has more than it', () => {
    expect(phraseNumber('ооо северный терминал 999992')).toBe('999992')
    expect(phraseNumber('ромашка 2000 склад 123456')).toBe('123456')
    expect(phraseNumber('ао 7707-строй')).toBe('7707')
    expect(phraseNumber('завод77070')).toBe('77070')
  })

  it('is none for short numbers, words alone or a number alone (the number fields and the index answer those)', () => {
    for (const text of ['ооо вектор 2', 'сму 123', 'северный терминал', '7707083893', '']) expect(phraseNumber(text), text).toBeNull()
  })
})
