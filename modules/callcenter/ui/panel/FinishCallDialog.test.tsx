// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n, type I18n } from '../../../../core/i18n/i18n'
import { I18nContext } from '../../../../core/i18n/useT'
import { AriaLocale } from '../../../../core/ui/AriaLocale'
import { UiProvider } from '../../../../core/ui/UiProvider'
import ru from '../../i18n/ru.json'
import type { FinishForm } from '../../model'
import { FinishCallDialog, type FinishCallDialogProps } from './FinishCallDialog'

/** Every finish-call rule of SPEC §4/§5, through the dialog as a user meets it. */
const TODAY = '2026-11-22'
let i18n: I18n

beforeAll(() => {
  i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'callcenter', ru, true, true)
})
afterEach(cleanup)

function mount(props: Partial<FinishCallDialogProps> = {}, locale = 'ru-RU') {
  const onSubmit = vi.fn<(form: FinishForm) => void>()
  render(
    <I18nContext.Provider value={i18n}>
      <UiProvider withGlobalStyle={false}>
        <AriaLocale locale={locale}>
          <FinishCallDialog isOpen phone="77011234567" seconds={65} today={TODAY} saving={false} failure={null} onSubmit={onSubmit} {...props} />
        </AriaLocale>
      </UiProvider>
    </I18nContext.Provider>,
  )
  return { onSubmit, user: userEvent.setup() }
}

const outcome = (name: string) => screen.getByRole('radio', { name })
const submit = () => screen.getByRole('button', { name: 'Сохранить и завершить' })
const comment = () => screen.getByRole('textbox', { name: /Комментарий/ })
const reminder = () => screen.getByRole('switch', { name: 'Напомнить перезвонить' })
const emailSwitch = () => screen.getByRole('switch', { name: 'Напомнить также по e-mail' })
const dateInput = () => screen.getByRole('textbox', { name: /Дата/ }) as HTMLInputElement
const timeInput = () => screen.getByRole('textbox', { name: /Время/ }) as HTMLInputElement
const isDisabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.closest('[data-disabled]') !== null

/** Issue 10 §2: only a call that connected must be given an outcome. */
describe('finish-call dialog of a call that never connected', () => {
  it('says why it failed and closes without an outcome (the button or Escape), sending nothing', async () => {
    const onDismiss = vi.fn()
    const { user, onSubmit } = mount({ connected: false, seconds: 0, failureText: 'Абонент занят', onDismiss })
    expect(screen.getByText('Абонент занят')).toBeTruthy()
    expect(screen.getByTestId('finish-not-connected').textContent).toMatch(/результат звонка можно не указывать/)
    await user.click(screen.getByRole('button', { name: 'Закрыть без результата' }))
    expect(onDismiss).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onDismiss).toHaveBeenCalledTimes(2)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a connected call offers no way out but an outcome: no close button, Escape does nothing', async () => {
    const onDismiss = vi.fn()
    const { user } = mount({ onDismiss })
    expect(screen.queryByRole('button', { name: 'Закрыть без результата' })).toBeNull()
    expect(screen.queryByTestId('finish-not-connected')).toBeNull()
    await user.keyboard('{Escape}')
    expect(onDismiss).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})

describe('finish-call dialog', () => {
  it('offers the outcomes 101–105, 1 and 2 with clear labels, and the ratings 4, 3, 0, 1, 2 (0 by default)', () => {
    mount()
    const groups = screen.getAllByRole('radiogroup')
    expect(within(groups[0]!).getAllByRole('radio').map(r => r.getAttribute('value'))).toEqual(['101', '102', '103', '104', '105', '1', '2'])
    expect(outcome('Заинтересован, разговор продолжим')).toBeTruthy()
    expect(outcome('Запросил предложение (КП)')).toBeTruthy()
    expect(within(groups[1]!).getAllByRole('radio').map(r => r.getAttribute('value'))).toEqual(['4', '3', '0', '1', '2'])
    expect((screen.getByRole('radio', { name: 'Без оценки' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('+7 (701) 123-45-67, длительность 01:05')).toBeTruthy()
  })

  it('requires an outcome: submitting without one shows the message and sends nothing', async () => {
    const { user, onSubmit } = mount()
    await user.type(comment(), 'Поговорили')
    await user.click(submit())
    expect(screen.getByText('Выберите результат звонка')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('keeps submit disabled while the comment is blank unless the outcome is 101', async () => {
    const { user, onSubmit } = mount()
    expect(isDisabled(submit())).toBe(true)
    await user.click(outcome('Отказ'))
    expect(isDisabled(submit())).toBe(true)
    await user.type(comment(), '   ')
    expect(isDisabled(submit())).toBe(true)
    await user.type(comment(), 'Работают с другим банком')
    expect(isDisabled(submit())).toBe(false)
    await user.clear(comment())
    await user.click(outcome('Не актуально / не относится к компании'))
    expect(isDisabled(submit())).toBe(false)
    await user.click(submit())
    expect(onSubmit).toHaveBeenCalledWith({ status: 101, comment: '', is_reminder: false, reminder_date: '', reminder_time: '', call_rating: 0, email_notification: false })
  })

  it('allows a reminder only when the outcome is neither 101 nor 102, and turns it off when one of those is chosen', async () => {
    const { user } = mount()
    expect(isDisabled(reminder())).toBe(true)
    for (const name of ['Не актуально / не относится к компании', 'Не дозвонились']) {
      await user.click(outcome(name))
      expect(isDisabled(reminder())).toBe(true)
    }
    for (const name of ['Отказ', 'Перезвонить', 'Не целевой', 'Заинтересован, разговор продолжим', 'Запросил предложение (КП)']) {
      await user.click(outcome(name))
      expect(isDisabled(reminder())).toBe(false)
    }
    await user.click(reminder())
    expect((reminder() as HTMLInputElement).checked).toBe(true)
    await user.click(outcome('Не дозвонились'))
    expect((reminder() as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByRole('textbox', { name: /Дата/ })).toBeNull()
  })

  it('defaults the reminder to tomorrow at 15:00 with the masks ##.##.#### and ##:##', async () => {
    const { user } = mount()
    await user.click(outcome('Перезвонить'))
    await user.click(reminder())
    expect(dateInput().value).toBe('23.11.2026')
    expect(timeInput().value).toBe('15:00')
    await user.clear(dateInput())
    await user.type(dateInput(), '01a12/2026')
    expect(dateInput().value).toBe('01.12.2026')
    await user.clear(timeInput())
    await user.type(timeInput(), '0930')
    expect(timeInput().value).toBe('09:30')
  })

  it('bounds the reminder date from today to 2100-01-01 and rejects dates that do not exist', async () => {
    const { user, onSubmit } = mount()
    await user.click(outcome('Перезвонить'))
    await user.type(comment(), 'Перезвонить')
    await user.click(reminder())
    const tryDate = async (value: string) => {
      await user.clear(dateInput())
      await user.type(dateInput(), value)
      await user.click(submit())
    }
    await tryDate('21.11.2026')
    expect(screen.getByText('Дата не может быть в прошлом')).toBeTruthy()
    await tryDate('02.01.2100')
    expect(screen.getByText('Дата должна быть не позже 01.01.2100')).toBeTruthy()
    await tryDate('31.02.2027')
    expect(screen.getByText('Введите дату в формате дд.мм.гггг')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    await tryDate('22.11.2026')
    await tryDate('01.01.2100')
    expect(onSubmit.mock.calls.map(c => c[0].reminder_date)).toEqual(['22.11.2026', '01.01.2100'])
  })

  it('rejects a reminder time that is not hh:mm', async () => {
    const { user, onSubmit } = mount()
    await user.click(outcome('Перезвонить'))
    await user.type(comment(), 'x')
    await user.click(reminder())
    await user.clear(timeInput())
    await user.type(timeInput(), '2575')
    await user.click(submit())
    expect(screen.getByText('Введите время в формате чч:мм')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('enables the e-mail reminder switch only while the reminder is on, and sends it only with one', async () => {
    const { user, onSubmit } = mount()
    expect(isDisabled(emailSwitch())).toBe(true)
    await user.click(outcome('Запросил предложение (КП)'))
    expect(isDisabled(emailSwitch())).toBe(true)
    await user.click(reminder())
    expect(isDisabled(emailSwitch())).toBe(false)
    await user.click(emailSwitch())
    expect((emailSwitch() as HTMLInputElement).checked).toBe(true)
    await user.click(reminder())
    expect(isDisabled(emailSwitch())).toBe(true)
    expect((emailSwitch() as HTMLInputElement).checked).toBe(false)
    await user.click(reminder())
    expect((emailSwitch() as HTMLInputElement).checked).toBe(false)
    await user.click(emailSwitch())
    await user.click(screen.getByRole('radio', { name: 'Лицо, принимающее решение' }))
    await user.type(comment(), '  Выслать КП на почту ')
    await user.click(submit())
    expect(onSubmit).toHaveBeenCalledWith({
      status: 2,
      comment: 'Выслать КП на почту',
      is_reminder: true,
      reminder_date: '23.11.2026',
      reminder_time: '15:00',
      call_rating: 2,
      email_notification: true,
    })
  })

  it('starts its calendar weeks on Monday, even where the locale starts them on Sunday', async () => {
    const { user } = mount({}, 'en-US')
    await user.click(outcome('Перезвонить'))
    await user.click(reminder())
    await user.click(screen.getByRole('button', { name: 'Выбрать дату в календаре' }))
    const grid = await screen.findByRole('grid')
    const headers = Array.from(grid.querySelectorAll('thead th')).map(th => th.getAttribute('aria-label') ?? th.textContent ?? '')
    expect(headers[0]).toMatch(/^M/)
    expect(headers[6]).toMatch(/^S/)
    // Days before today cannot be picked.
    const yesterday = within(grid).getAllByRole('gridcell').find(c => c.textContent === '21')
    expect(yesterday?.querySelector('[aria-disabled="true"], [data-disabled]')).not.toBeNull()
  })

  it('takes the comment typed in the panel, cannot be dismissed, and shows what the server refused', async () => {
    mount({ initialComment: 'Из заметок', failure: { result: false, message: 'Ошибка', validation: { comment: 'Слишком длинно' } } })
    expect((comment() as HTMLTextAreaElement).value).toBe('Из заметок')
    expect(screen.getByText('Слишком длинно')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull()
    await userEvent.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
})
