import { describe, expect, it } from 'vitest'
import { searchText } from './normalise'
import { searchWords, typoInput } from './typos'

describe('the words a dictionary of name words holds, and the input it answers', () => {
  it('splits at spaces, punctuation, dashes and №; keeps words of three characters or more without digits', () => {
    expect(searchWords(searchText('ООО «Вектор-12» (Строй), т.д. — Север/Юг №5 ск2'))).toEqual(['ооо', 'вектор', 'строй', 'север'])
    expect(searchWords('вектор вектор')).toEqual(['вектор'])
    expect(searchWords('')).toEqual([])
  })

  it('answers one word of letters only: a phrase, a number or a short word keep the whole-name similarity', () => {
    expect(typoInput('вектар')).toBe('вектар')
    expect(typoInput('acme')).toBe('acme')
    expect(typoInput('вектар строй')).toBeNull()
    expect(typoInput('вектар-строй')).toBeNull()
    expect(typoInput('вектар2')).toBeNull()
    expect(typoInput('ип')).toBeNull()
    expect(typoInput('')).toBeNull()
  })
})
