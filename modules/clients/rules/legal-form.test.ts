import { describe, expect, it } from 'vitest'
import { legalFormOf } from './legal-form'

describe('legal form from the registry', () => {
  it.each([
    ['ООО «Ромашка»', 3],
    ['Общество с ограниченной ответственностью "Ромашка"', 3],
    ['АО «Тандер»', 2],
    ['ПАО Сбербанк', 2],
    ['ЗАО "Альфа"', 2],
    ['Публичное акционерное общество «Газпром»', 2],
    ['ФГУП «Почта России»', 4],
    ['АНО «Центр»', 4],
    ['МУП Водоканал', 4],
  ] as const)('%s → %i', (name, form) => {
    expect(legalFormOf('legal', name)).toBe(form)
  })

  it('takes a sole proprietor from the kind, and the first name that tells', () => {
    expect(legalFormOf('sole', 'Иванов Иван Иванович')).toBe(1)
    expect(legalFormOf('legal', 'Ромашка', 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "РОМАШКА"')).toBe(3)
  })

  it('says nothing for a name without a form, or one where the letters are part of a word', () => {
    expect(legalFormOf('legal', 'Ромашка')).toBeNull()
    expect(legalFormOf('legal', 'ТАООО Бакалея', null, '')).toBeNull()
    expect(legalFormOf('legal', 'Фондовая биржа')).toBeNull()
  })
})
