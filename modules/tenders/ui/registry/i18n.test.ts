import { describe, expect, it } from 'vitest'
import { expectPacksCoverScreens } from '../../../../tests/support/i18n-keys'
import en from '../../i18n/en.json'
import ru from '../../i18n/ru.json'

describe('the tenders registry texts', () => {
  it('have the same keys in ru and en, and every literal key the screens use', () => {
    expect(expectPacksCoverScreens(new URL('.', import.meta.url).pathname, ru, en)).toBeGreaterThan(20)
  })
})
