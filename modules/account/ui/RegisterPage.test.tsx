// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ru from '../i18n/ru.json'
import { POLICY_PATHS } from '../policies'
import RegisterPage from './RegisterPage'
import { guestRuntime, okAnswer, type Answer, type Sent } from './testRuntime'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const CODE_SENT = okAnswer({ resend_after_seconds: 60, expires_in_seconds: 600 })

/** The fake server: a code for any phone; the code 123456 registers, any other is wrong. */
function server(request: Sent): Answer {
  if (request.path === 'v1/users/register/code') return CODE_SENT
  if (request.path === 'v1/users/register') {
    return request.body?.code === '123456'
      ? okAnswer({ token: 't', role: 10, user_id: 5 })
      : { status: 422, body: { result: false, message: 'Неверный код. Осталось попыток: 4', validation: { code: 'Неверный код. Осталось попыток: 4' } } }
  }
  return okAnswer(null)
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, consents = true) {
  await user.type(screen.getByRole('textbox', { name: /ФИО/ }), 'Новый Клиент')
  await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '7015551234')
  await user.type(screen.getByLabelText(/^Пароль/), 'kalina-2024')
  if (consents) {
    await user.click(screen.getByRole('checkbox', { name: ru.register.agreePersonalData }))
    await user.click(screen.getByRole('checkbox', { name: ru.register.agreeEdo }))
  }
}

describe('registration', () => {
  it('links both documents as pages of their own, opened in a new tab', async () => {
    await guestRuntime(<RegisterPage />, server)
    const policy = screen.getByRole('link', { name: new RegExp(ru.register.personalDataPolicy) })
    expect(policy.getAttribute('href')).toBe(POLICY_PATHS.personalData)
    expect(policy.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: new RegExp(ru.register.edoRegulation) }).getAttribute('href')).toBe(POLICY_PATHS.edo)
  })

  it('shows a missing consent like a field error: under its box, announced, and described by it; nothing is sent', async () => {
    const user = userEvent.setup()
    const { sent } = await guestRuntime(<RegisterPage />, server)
    await fillDetails(user, false)
    await user.click(screen.getByRole('button', { name: ru.register.getCode }))

    const alerts = await screen.findAllByRole('alert')
    expect(alerts.map(a => a.textContent)).toEqual(['Необходимо ваше согласие', 'Необходимо ваше согласие'])
    const box = screen.getByRole('checkbox', { name: ru.register.agreePersonalData })
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(box.getAttribute('aria-describedby')).toContain(alerts[0]!.id)
    expect(sent.filter(r => r.method === 'POST')).toEqual([])
    // The first field in error takes the focus.
    expect(document.activeElement).toBe(box)
  })

  it('asks for a code, shows the re-send countdown, opens re-sending after 60 s, and registers with the code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { sent } = await guestRuntime(<RegisterPage />, server)
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: ru.register.getCode }))

    await screen.findByRole('heading', { name: ru.register.codeTitle })
    expect(sent.find(r => r.path === 'v1/users/register/code')?.body).toEqual({ phone: '(701) 555-12-34' })
    expect(screen.getByText('Мы отправили SMS с кодом на номер +7 (701) 555-12-34')).toBeTruthy()
    const resend = screen.getByRole('button', { name: ru.register.resend })
    expect(resend.hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Повторно — через 1:00')
    expect(screen.getByRole('status').textContent).toBe('Повторно отправить код можно через 60 секунд')

    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(screen.getByTestId('resend-countdown').textContent).toBe('Повторно — через 0:30')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(screen.queryByTestId('resend-countdown')).toBeNull()
    expect(screen.getByRole('button', { name: ru.register.resend }).hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('status').textContent).toBe(ru.register.resendOpen)

    // Re-sending starts the wait over.
    await user.click(screen.getByRole('button', { name: ru.register.resend }))
    await waitFor(() => expect(sent.filter(r => r.path === 'v1/users/register/code')).toHaveLength(2))
    await waitFor(() => expect(screen.getByTestId('resend-countdown').textContent).toBe('Повторно — через 1:00'))

    // A wrong code is the code field's error; the right one registers with every detail.
    const code = screen.getByRole('textbox', { name: /Код из SMS/ })
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: ru.register.submit }))
    await screen.findByText('Неверный код. Осталось попыток: 4')
    expect(code.getAttribute('aria-invalid')).toBe('true')

    await user.clear(code)
    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: ru.register.submit }))
    await waitFor(() => expect(sent.filter(r => r.path === 'v1/users/register')).toHaveLength(2))
    expect(sent.filter(r => r.path === 'v1/users/register').at(-1)?.body).toEqual({
      phone: '(701) 555-12-34',
      password: 'kalina-2024',
      full_name: 'Новый Клиент',
      email: '',
      agree_personal_data: true,
      agree_edo: true,
      code: '123456',
    })
  })

  it('goes back to the details when the phone turns out to be taken, with the message under the phone', async () => {
    const user = userEvent.setup()
    await guestRuntime(<RegisterPage />, request =>
      request.path === 'v1/users/register/code'
        ? { status: 409, body: { result: false, message: 'Этот телефон уже зарегистрирован', validation: { phone: 'Этот телефон уже зарегистрирован' } } }
        : okAnswer(null),
    )
    await fillDetails(user)
    await user.click(screen.getByRole('button', { name: ru.register.getCode }))
    await screen.findByText('Этот телефон уже зарегистрирован')
    expect(screen.getByRole('textbox', { name: /Телефон/ }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('heading', { name: ru.register.codeTitle })).toBeNull()
  })
})
