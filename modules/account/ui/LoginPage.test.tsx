// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ru from '../i18n/ru.json'
import LoginPage from './LoginPage'
import { guestRuntime, okAnswer, type Sent } from './testRuntime'

// The build switch of the certificate tab, on here (README: VITE_CERTIFICATE_SIGN_IN).
vi.mock('./certificateEnabled', () => ({ CERTIFICATE_ENABLED: true }))

afterEach(cleanup)

const NOT_CONFIGURED = 'Вход по сертификату не настроен на этом сервере, войдите по телефону и паролю'

function server(request: Sent) {
  if (request.path === 'v1/users/sign-in') return { status: 422, body: { result: false, message: NOT_CONFIGURED } }
  if (request.path === 'v1/users/restore-password') return { status: 200, body: { result: true, data: null, message: 'ok' } }
  return okAnswer(null)
}

describe('the sign-in form', () => {
  it('says under the disabled button what is missing, read out as a status, until sign-in is possible', async () => {
    const user = userEvent.setup()
    await guestRuntime(<LoginPage />, server, { path: '/login' })
    const submit = screen.getByRole('button', { name: ru.login.submit })
    const hint = screen.getByTestId('login-hint')
    expect(submit.hasAttribute('disabled')).toBe(true)
    expect(hint.getAttribute('role')).toBe('status')
    expect(hint.textContent).toBe(ru.login.needPhoneAndPassword)
    expect(submit.getAttribute('aria-describedby')).toBe(hint.id)

    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '70010')
    expect(hint.textContent).toBe(ru.login.needPhoneAndPassword)
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '00010')
    expect(hint.textContent).toBe(ru.login.needPassword)

    await user.type(screen.getByLabelText(/^Пароль/), 'demo123')
    expect(submit.hasAttribute('disabled')).toBe(false)
    expect(hint.textContent).toBe(ru.login.ready)
    expect(submit.getAttribute('aria-describedby')).toBeNull()
  })

  it('recovery ends with a way back to sign-in, which opens with the phone filled and the password to type', async () => {
    const user = userEvent.setup()
    const { sent } = await guestRuntime(<LoginPage />, server, { path: '/login' })
    await user.type(screen.getByRole('textbox', { name: /Телефон/ }), '7001000010')
    await user.click(screen.getByRole('button', { name: ru.login.forgot }))

    const restorePhone = await screen.findByRole('textbox', { name: /Телефон/ })
    expect((restorePhone as HTMLInputElement).value).toBe('(700) 100-00-10')
    await user.type(screen.getByRole('textbox', { name: /ФИО/ }), 'Иванов Иван Иванович')
    await user.click(screen.getByRole('button', { name: ru.restore.send }))
    await screen.findByText(ru.restore.done)
    expect(sent.find(r => r.path === 'v1/users/restore-password')?.body).toEqual({ full_name: 'Иванов Иван Иванович', phone: '(700) 100-00-10' })

    await user.click(screen.getByRole('button', { name: ru.restore.backToSignIn }))
    const phone = await screen.findByRole('textbox', { name: /Телефон/ })
    expect((phone as HTMLInputElement).value).toBe('(700) 100-00-10')
    expect(screen.getByRole('heading', { name: ru.login.title })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Пароль/)))
  })

  it('shows a failed certificate sign-in in the certificate tab, not in the phone tab', async () => {
    const user = userEvent.setup()
    const { runtime } = await guestRuntime(<LoginPage />, server, { path: '/login' })
    await user.click(screen.getByRole('button', { name: ru.login.tabCertificate }))
    await screen.findByRole('button', { name: ru.certificates.fetch })
    await act(() => runtime.dispatch('auth/signInWithCertificate', { signature: 's', hash: 'h' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(ru.login.failed)
    expect(alert.textContent).toContain(NOT_CONFIGURED)

    await user.click(screen.getByRole('button', { name: ru.login.tabPhone }))
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull()
  })
})
