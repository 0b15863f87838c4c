// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n, type I18n } from '../../../../core/i18n/i18n'
import { I18nContext } from '../../../../core/i18n/useT'
import { UiProvider } from '../../../../core/ui/UiProvider'
import ru from '../../i18n/ru.json'
import type { AnyEvent } from '../../../../core/events/map'
import { initialSoftphone, step, type CallSession, type PanelState, type SoftphoneState } from '../../model'
import { CallBackNotice } from './CallBackNotice'
import { CallView } from './CallView'
import { NumberEntry } from './NumberEntry'

/** SPEC §5 in the panel: a call only for a valid number (and why not otherwise); DTMF only while the call is established. */
let i18n: I18n
beforeAll(() => {
  i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'callcenter', ru, true, true)
})
afterEach(cleanup)

const wrap = (ui: React.ReactNode) =>
  render(
    <I18nContext.Provider value={i18n}>
      <UiProvider withGlobalStyle={false}>{ui}</UiProvider>
    </I18nContext.Provider>,
  )

/** The entry on the softphone's real fold: what the panel would show, and the numbers it would dial. */
function Entry({ onDial, registered = true }: { onDial: (phone: string) => void; registered?: boolean }) {
  const current = useRef<SoftphoneState>({ ...initialSoftphone, registration: registered ? 'registered' : 'off' })
  const [, render] = useState(0)
  const fire = (event: Pick<AnyEvent, 'type' | 'payload'>) => {
    const { state, effects } = step(current.current, { ...event, at: 0, source: 'ui' } as AnyEvent)
    current.current = state
    for (const fx of effects) if (fx.kind === 'command' && fx.id === 'callcenter/dial') onDial(fx.payload.phone)
    render(n => n + 1)
  }
  return (
    <NumberEntry
      value={current.current.number}
      refusal={current.current.refusal}
      onChange={value => fire({ type: 'callcenter/numberEntered', payload: { value } })}
      onCall={(value, mode) => fire({ type: 'callcenter/callPressed', payload: { value, mode } })}
      onAddContact={() => undefined}
    />
  )
}

const callButton = () => screen.getByRole('button', { name: 'Позвонить' })
const addContact = () => screen.queryByRole('button', { name: 'Добавить контакт' })
const why = () => screen.getByTestId('call-why').textContent

describe('number entry', () => {
  it('masks the phone; Enter and the call button dial only a complete number, and say what is missing otherwise', async () => {
    const onDial = vi.fn()
    wrap(<Entry onDial={onDial} />)
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Номер телефона' }) as HTMLInputElement
    await user.type(input, '701123456')
    expect(input.value).toBe('(701) 123-45-6')
    expect(addContact()).toBeNull()
    expect(why()).toBe('')
    // Issue 10 §2: Enter in an incomplete number dialled at once.
    await user.type(input, '{Enter}')
    expect(onDial).not.toHaveBeenCalled()
    expect(why()).toBe('Номер неполный: цифр после +7 — 9 из 10')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await user.click(callButton())
    expect(onDial).not.toHaveBeenCalled()
    await user.type(input, '7')
    expect(input.value).toBe('(701) 123-45-67')
    expect(why()).toBe('')
    expect(addContact()).not.toBeNull()
    await user.type(input, '{Enter}')
    await user.click(callButton())
    expect(onDial.mock.calls).toEqual([['77011234567'], ['77011234567']])
  })

  it('an empty number is not dialled either, and says so', async () => {
    const onDial = vi.fn()
    wrap(<Entry onDial={onDial} />)
    await userEvent.setup().click(callButton())
    expect(onDial).not.toHaveBeenCalled()
    expect(why()).toBe('Введите номер, чтобы позвонить')
  })

  it('calls an extension of 2 digits or more, without add-contact (contacts need a +7 phone)', async () => {
    const onDial = vi.fn()
    wrap(<Entry onDial={onDial} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Внутренний номер' }))
    const input = screen.getByRole('textbox', { name: /Внутренний номер/ })
    await user.type(input, '1{Enter}')
    expect(onDial).not.toHaveBeenCalled()
    expect(why()).toBe('Внутренний номер — от 2 до 15 цифр')
    await user.type(input, '1a60')
    expect((input as HTMLInputElement).value).toBe('1160')
    expect(addContact()).toBeNull()
    await user.click(callButton())
    expect(onDial).toHaveBeenCalledWith('1160')
  })

  it('dials nothing while the phone is not registered, and says so', async () => {
    const onDial = vi.fn()
    wrap(<Entry onDial={onDial} registered={false} />)
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Номер телефона' }), '7011234567')
    await user.click(callButton())
    expect(onDial).not.toHaveBeenCalled()
    expect(why()).toMatch(/^Телефон ещё не подключён/)
  })
})

const session = (over: Partial<CallSession> = {}): CallSession => ({
  key: 1,
  ref: 'call-1',
  direction: 2,
  phone: '77011234567',
  page: null,
  page_id: null,
  callId: 501,
  record: 'created',
  phase: 'dialing',
  placed: true,
  acceptedAt: null,
  seconds: 0,
  muted: false,
  held: false,
  cause: null,
  endStatus: null,
  pending: [],
  transfer: null,
  dtmf: '',
  dtmfIn: '',
  finishing: false,
  finishFailure: null,
  ...over,
})

function View({ state, over, onDtmf = () => undefined }: { state: PanelState; over?: Partial<CallSession>; onDtmf?: (tone: string) => void }) {
  const noop = () => undefined
  return <CallView session={session(over)} state={state} onHangup={noop} onAnswer={noop} onDecline={noop} onDtmf={onDtmf} onMute={noop} onHold={noop} onTransfer={noop} />
}

describe('call view', () => {
  const keys = () => ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'].map(k => screen.getByRole('button', { name: `Клавиша ${k}` }))
  const disabled = (el: HTMLElement) => el.hasAttribute('disabled')

  it('has the keypad 1–9, 0, *, # disabled until the call is established, then sends tones', async () => {
    const onDtmf = vi.fn()
    const { rerender } = wrap(<View state="dialing" onDtmf={onDtmf} />)
    expect(keys().every(disabled)).toBe(true)
    expect(disabled(screen.getByRole('button', { name: 'Выключить микрофон' }))).toBe(true)
    rerender(
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>
          <View state="start" over={{ phase: 'established', seconds: 75 }} onDtmf={onDtmf} />
        </UiProvider>
      </I18nContext.Provider>,
    )
    expect(keys().some(disabled)).toBe(false)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Клавиша #' }))
    expect(onDtmf).toHaveBeenCalledWith('#')
    expect(screen.getByRole('timer').textContent).toBe('01:15')
  })

  it('shows answer and decline for an incoming call, with the caller as an alert', () => {
    wrap(<View state="incoming" over={{ direction: 1, phase: 'incoming', phone: '1160' }} />)
    expect(screen.getByRole('alert').textContent).toContain('1160')
    expect(screen.getByRole('button', { name: 'Ответить' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Отклонить' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Клавиша 1' })).toBeNull()
  })
})

describe('the call-back a finished call set (issue 13 §1)', () => {
  const result = (task: { id: number; task_id: number | null } | null) => ({
    call: {} as never,
    task: task && { id: task.id, type: 20 as const, user_id: 1, phone: '77011234567', name: '+7 (701) 123-45-67', description: null, due_at: '2026-01-02T12:00:00.000Z', email_notification: false, status: 10, phone_call_id: 501, task_id: task.task_id },
  })
  const fire = (state: SoftphoneState, type: string, payload: unknown) => step(state, { type, payload, at: 0, source: 'api' } as AnyEvent).state
  const ended: SoftphoneState = { ...initialSoftphone, registration: 'registered', session: session({ phase: 'ended', finishing: true }) }

  it('is kept from the call-end answer with its task, and forgotten once another number is typed or dialled', () => {
    const after = fire(ended, 'callcenter/callFinished', { key: 1, result: result({ id: 7, task_id: 42 }) })
    expect(after.session).toBeNull()
    expect(after.callBack).toEqual({ id: 7, phone: '77011234567', due_at: '2026-01-02T12:00:00.000Z', task_id: 42 })
    expect(fire(after, 'callcenter/numberEntered', { value: '7' }).callBack).toBeNull()
    expect(fire(after, 'callcenter/dialRequested', { phone: '77011234568', page: null, page_id: null }).callBack).toBeNull()
    expect(fire(ended, 'callcenter/callFinished', { key: 1, result: result(null) }).callBack).toBeNull()
  })

  it('says when the call-back is due and links to its task; without the tasks module, no link', () => {
    const callBack = { id: 7, phone: '77011234567', due_at: '2026-01-02T12:00:00.000Z', task_id: 42 }
    const { rerender } = wrap(<CallBackNotice callBack={callBack} href="/tasks/42" locale="ru" />)
    expect(screen.getByRole('status').textContent).toMatch(/^Перезвонить на \+7 \(701\) 123-45-67: напоминание 02\.01\.2026/)
    expect(screen.getByRole('link', { name: 'Открыть задачу' }).getAttribute('href')).toBe('/tasks/42')
    rerender(
      <I18nContext.Provider value={i18n}>
        <UiProvider withGlobalStyle={false}>
          <CallBackNotice callBack={callBack} href={null} locale="ru" />
        </UiProvider>
      </I18nContext.Provider>,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})
