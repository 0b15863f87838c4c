import { describe, expect, it } from 'vitest'
import { searchText } from './normalise'
import { TIER_RANK } from './search'
import { isOneWord, searchWords, TYPO_RANK_SCALE } from './typos'

describe('the words a dictionary of name words holds, and the input it answers', () => {
  it('splits at spaces, punctuation, dashes and №; keeps words of three characters or more without digits', () => {
    expect(searchWords(searchText('ООО «Вектор-12» (Строй), т.д. — Север/Юг №5 ск2'))).toEqual(['ооо', 'вектор', 'строй', 'север'])
    expect(searchWords('вектор вектор')).toEqual(['вектор'])
    expect(searchWords('')).toEqual([])
  })

  it('ranks every typo below a substring match', () => {
    expect(TYPO_RANK_SCALE).toBeLessThan(TIER_RANK.substring)
  })

  it('tells one word, ranked word by word, from a phrase (or a word with a dash, digits or a short word)', () => {
    const lookups = (text: string) => searchWords(text).map(word => ({ word, candidates: [] }))
    expect(isOneWord(lookups('вектар'), 'вектар')).toBe(true)
    expect(isOneWord(lookups('acme'), 'acme')).toBe(true)
    for (const text of ['вектар строй', 'вектар-строй', 'вектар 2', 'ип вектар', 'ип', '']) expect(isOneWord(lookups(text), text), text).toBe(false)
  })
})
