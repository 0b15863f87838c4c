// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { PhoneField } from './PhoneField'
import { PasswordField } from './PasswordField'
import { MaskedField } from './MaskedField'
import { TextField } from './TextField'
import { maskEdit } from './maskInput'
import { renderUi } from './testUtils'

afterEach(cleanup)

const phoneInput = () => screen.getByLabelText('Телефон') as HTMLInputElement

describe('PhoneField', () => {
  it('is a tel input with the +7 prefix outside its value', () => {
    renderUi(<PhoneField label="Телефон" name="phone" />)
    const input = phoneInput()
    expect(input.type).toBe('tel')
    expect(input.name).toBe('phone')
    expect(screen.getByText('+7')).toBeTruthy()
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('+7').id)
  })

  it('masks typed digits and ignores letters', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderUi(<PhoneField label="Телефон" onChange={onChange} />)
    await user.type(phoneInput(), '70a0100001099')
    expect(phoneInput().value).toBe('(700) 100-00-10')
    expect(onChange).toHaveBeenLastCalledWith('(700) 100-00-10')
  })

  it.each(['+7 (700) 100-00-10', '87001000010', '7001000010', '+77001000010'])('normalises a pasted %s', async (pasted) => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderUi(<PhoneField label="Телефон" onChange={onChange} />)
    await user.click(phoneInput())
    await user.paste(pasted)
    expect(phoneInput().value).toBe('(700) 100-00-10')
    expect(onChange).toHaveBeenLastCalledWith('(700) 100-00-10')
  })

  it('replaces a half-typed number by a pasted one', async () => {
    const user = userEvent.setup()
    renderUi(<PhoneField label="Телефон" />)
    await user.type(phoneInput(), '912')
    await user.paste('8 (700) 100-00-10')
    expect(phoneInput().value).toBe('(700) 100-00-10')
  })

  it('backspace over a literal removes the digit before it', async () => {
    const user = userEvent.setup()
    renderUi(<PhoneField label="Телефон" />)
    const input = phoneInput()
    await user.type(input, '700100')
    expect(input.value).toBe('(700) 100')
    input.setSelectionRange(6, 6) // after "(700) "
    await user.keyboard('{Backspace}')
    expect(input.value).toBe('(701) 00')
    expect(input.selectionStart).toBe(3)
  })

  it('keeps the caret after the edited digit in the middle', async () => {
    const user = userEvent.setup()
    renderUi(<PhoneField label="Телефон" defaultValue="7001000010" />)
    const input = phoneInput()
    expect(input.value).toBe('(700) 100-00-10')
    await user.click(input)
    input.setSelectionRange(3, 3) // after "(70"
    await user.keyboard('{Backspace}')
    expect(input.value).toBe('(701) 000-01-0')
    expect(input.selectionStart).toBe(2)
    await user.keyboard('5')
    expect(input.value).toBe('(750) 100-00-10')
    expect(input.selectionStart).toBe(3)
  })

  it('shows a stored 11-digit phone as its national part', () => {
    renderUi(<PhoneField label="Телефон" value="77001000010" onChange={() => {}} />)
    expect(phoneInput().value).toBe('(700) 100-00-10')
  })

  it('works controlled and shows an external error linked by aria-describedby', async () => {
    const user = userEvent.setup()
    function Form() {
      const [phone, setPhone] = useState('')
      return <PhoneField label="Телефон" value={phone} onChange={setPhone} errorMessage={phone.length < 15 ? 'Неверный номер' : null} />
    }
    renderUi(<Form />)
    const input = phoneInput()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const error = screen.getByText('Неверный номер')
    expect(input.getAttribute('aria-describedby')).toContain(error.id)
    await user.type(input, '7001000010')
    expect(input.value).toBe('(700) 100-00-10')
    expect(screen.queryByText('Неверный номер')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })
})

describe('MaskedField', () => {
  it('masks a date and refuses a digit past the end', async () => {
    const user = userEvent.setup()
    renderUi(<MaskedField label="Дата" mask="##.##.####" />)
    const input = screen.getByLabelText('Дата') as HTMLInputElement
    await user.type(input, '010120309')
    expect(input.value).toBe('01.01.2030')
  })

  it('maskEdit: deleting a literal forward removes the digit after it', () => {
    expect(maskEdit('(700) 1', '(7001', 4, '(###) ###-##-##', 'Delete')).toEqual({ value: '(700', caret: 4 })
  })
})

describe('TextField', () => {
  it('wires label, description, required and name', () => {
    renderUi(<TextField label="E-mail" name="email" type="email" autoComplete="email" isRequired description="Для уведомлений" />)
    const input = screen.getByLabelText(/E-mail/) as HTMLInputElement
    expect(input.name).toBe('email')
    expect(input.type).toBe('email')
    expect(input.getAttribute('autocomplete')).toBe('email')
    expect(input.getAttribute('aria-required')).toBe('true')
    expect(input.required).toBe(false) // the app validates; no browser bubble
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('Для уведомлений').id)
  })
})

describe('PasswordField', () => {
  it('toggles the input type and aria-pressed, by mouse and keyboard', async () => {
    const user = userEvent.setup()
    renderUi(<PasswordField label="Пароль" toggleLabel="Показать пароль" name="password" />)
    const input = screen.getByLabelText('Пароль') as HTMLInputElement
    const toggle = screen.getByRole('button', { name: 'Показать пароль' })
    expect(input.type).toBe('password')
    expect(input.getAttribute('autocomplete')).toBe('current-password')
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    await user.click(toggle)
    expect(input.type).toBe('text')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    toggle.focus()
    await user.keyboard(' ')
    expect(input.type).toBe('password')
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
  })
})
