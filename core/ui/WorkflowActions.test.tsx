// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Actor } from '../access/actor'
import { roles } from '../access/rules'
import { ROLE, type Role } from '../auth/profile'
import { createI18n, type I18n } from '../i18n/i18n'
import { I18nContext } from '../i18n/useT'
import { required } from '../validation/rules'
import { defineWorkflow } from '../workflow/define'
import { UiProvider } from './UiProvider'
import { WorkflowActions } from './WorkflowActions'

const staff = roles(ROLE.verifier, ROLE.adminVerifier)
const bidStatus = defineWorkflow({
  id: 'records.status',
  ns: 'records',
  statuses: { draft: 0, sent: 10, returned: 30, approved: 40, declined: 13 },
  actions: {
    send: { from: ['draft', 'returned'], to: 'sent', who: roles(ROLE.client, ROLE.agent) },
    approve: { from: ['sent'], to: 'approved', who: staff },
    decline: { from: ['sent'], to: 'declined', who: staff, requires: v.object({ reason: required, note: v.optional(v.string()) }) },
  },
})
const pack = {
  workflow: {
    status: {
      actions: { send: 'Отправить', approve: 'Одобрить', decline: 'Отклонить' },
      statuses: { draft: 'Черновик', sent: 'Отправлена', returned: 'Возвращена', approved: 'Одобрена', declined: 'Отклонена' },
      inputs: { reason: 'Причина отказа', note: 'Заметка' },
    },
  },
}

const actor = (role: Role): Actor => ({ id: 1, role, office_id: null, tender: false, sip: false, impersonated: false })

let i18n: I18n
beforeAll(() => {
  i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'records', pack, true, true)
})
afterEach(cleanup)

const wrap = (ui: ReactNode) =>
  render(
    <I18nContext.Provider value={i18n}>
      <UiProvider withGlobalStyle={false}>{ui}</UiProvider>
    </I18nContext.Provider>,
  )

/** A promise the test settles by hand, to look at the pending state. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

/** A record page in miniature: the action moves the status as the server would answer. */
function Record({ role, initial, onAction }: { role: Role; initial: number; onAction: (action: string, input: unknown) => Promise<void> }) {
  const [status, setStatus] = useState(initial)
  return (
    <WorkflowActions
      workflow={bidStatus}
      status={status}
      actor={actor(role)}
      onAction={async (action, input) => {
        await onAction(action, input)
        setStatus(bidStatus.statuses[bidStatus.actions[action].to])
      }}
    />
  )
}

describe('WorkflowActions', () => {
  it('shows exactly the actions this actor may take in this status, labelled from the module pack', () => {
    const { rerender } = wrap(<WorkflowActions workflow={bidStatus} status={10} actor={actor(ROLE.verifier)} onAction={() => {}} />)
    const group = screen.getByRole('group', { name: 'Действия' })
    expect(within(group).getAllByRole('button').map(button => button.textContent)).toEqual(['Одобрить', 'Отклонить'])

    const again = (status: number, role: Role) =>
      rerender(
        <I18nContext.Provider value={i18n}>
          <UiProvider withGlobalStyle={false}>
            <WorkflowActions workflow={bidStatus} status={status} actor={actor(role)} onAction={() => {}} />
          </UiProvider>
        </I18nContext.Provider>,
      )
    again(0, ROLE.client)
    expect(screen.getAllByRole('button').map(button => button.textContent)).toEqual(['Отправить'])
    again(10, ROLE.client)
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.queryByRole('group')).toBeNull()
    again(40, ROLE.adminVerifier)
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('runs an action without input from the keyboard, pending until it settles, then announces it', async () => {
    const user = userEvent.setup()
    const call = deferred()
    const onAction = vi.fn(() => call.promise)
    wrap(<Record role={ROLE.verifier} initial={10} onAction={onAction} />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Одобрить' }))
    await user.keyboard('{Enter}')
    expect(onAction).toHaveBeenCalledWith('approve', null)
    expect(screen.getByRole('button', { name: /Одобрить/ }).getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('button', { name: 'Отклонить' }).hasAttribute('disabled')).toBe(true)
    await user.keyboard('{Enter}')
    expect(onAction).toHaveBeenCalledTimes(1)

    await act(async () => call.resolve())
    // Approved: nothing left to do, the announcement says what happened and focus did not fall to <body>.
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getByRole('status').textContent).toBe('Выполнено: Одобрить')
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
  })

  it('asks for a required input in a dialog, checked by the declaration’s schema before anything is sent', async () => {
    const user = userEvent.setup()
    const call = deferred()
    const onAction = vi.fn(() => call.promise)
    wrap(<Record role={ROLE.verifier} initial={10} onAction={onAction} />)
    await user.click(screen.getByRole('button', { name: 'Отклонить' }))

    const dialog = screen.getByRole('dialog', { name: 'Отклонить' })
    const reason = within(dialog).getByLabelText(/Причина отказа/)
    expect(document.activeElement).toBe(reason)
    expect(reason.getAttribute('aria-required')).toBe('true')
    expect(within(dialog).getByLabelText('Заметка').getAttribute('aria-required')).not.toBe('true')

    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    expect(onAction).not.toHaveBeenCalled()
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(reason)
    expect(within(dialog).getByText('Обязательное поле')).toBeTruthy()

    await user.type(reason, '  нет документов ')
    expect(within(dialog).queryByText('Обязательное поле')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    // The blank optional note is not given at all.
    expect(onAction).toHaveBeenCalledWith('decline', { reason: 'нет документов' })
    expect(within(dialog).getByRole('button', { name: /Подтвердить/ }).getAttribute('aria-busy')).toBe('true')
    expect(within(dialog).getByRole('button', { name: 'Отмена' }).hasAttribute('disabled')).toBe(true)
    // Escape does not drop a request in flight.
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeTruthy()

    await act(async () => call.resolve())
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getByRole('status').textContent).toBe('Выполнено: Отклонить')
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
  })

  it('keeps the dialog open with the server’s validation when the action is refused', async () => {
    const user = userEvent.setup()
    const refusal = { result: false, message: 'Проверьте поля', validation: { reason: 'Слишком коротко', _: 'Заявка уже изменена' } }
    const onAction = vi.fn(() => Promise.reject(refusal))
    wrap(<Record role={ROLE.adminVerifier} initial={10} onAction={onAction} />)
    await user.click(screen.getByRole('button', { name: 'Отклонить' }))
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByLabelText(/Причина отказа/), 'нет')
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    expect(onAction).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(within(dialog).getByText('Слишком коротко')).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Причина отказа/))
    expect(within(dialog).getByRole('alert').textContent).toContain('Заявка уже изменена')
    expect(screen.getByRole('status').textContent).toBe('')
    // The record did not move: the same buttons are still there behind the dialog.
    expect(screen.getAllByRole('button', { name: 'Одобрить', hidden: true })).toHaveLength(1)
  })

  it('never pulls focus away from a field being typed in', async () => {
    const user = userEvent.setup()
    const transfer = defineWorkflow({
      id: 'records.owner',
      ns: 'records',
      statuses: { kept: 1, moved: 2 },
      actions: { move: { from: ['kept'], to: 'moved', who: staff, requires: v.object({ reason: required, note: required }) } },
    })
    wrap(<WorkflowActions workflow={transfer} status={1} actor={actor(ROLE.verifier)} onAction={() => {}} />)
    await user.click(screen.getByRole('button'))
    const dialog = screen.getByRole('dialog')
    const [first, second] = within(dialog).getAllByRole('textbox')
    await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }))
    expect(within(dialog).getAllByText('Обязательное поле')).toHaveLength(2)
    expect(document.activeElement).toBe(first)
    await user.click(second!)
    await user.type(second!, 'перевод')
    expect(document.activeElement).toBe(second)
    expect((second as HTMLTextAreaElement).value).toBe('перевод')
    expect(within(dialog).getAllByText('Обязательное поле')).toHaveLength(1)
  })

  it('closes the dialog on cancel or Escape without acting, returning focus to the button', async () => {
    const user = userEvent.setup()
    const onAction = vi.fn(async () => {})
    wrap(<Record role={ROLE.verifier} initial={10} onAction={onAction} />)
    const decline = screen.getByRole('button', { name: 'Отклонить' })
    await user.click(decline)
    await user.click(screen.getByRole('button', { name: 'Отмена' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(decline)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(decline)
    expect(onAction).not.toHaveBeenCalled()
  })

  it('stays usable when the action fails without validation (the API client has told the user)', async () => {
    const user = userEvent.setup()
    const onAction = vi.fn(() => Promise.reject({ result: false, message: 'Это действие недоступно', allowed: [] }))
    wrap(<Record role={ROLE.client} initial={0} onAction={onAction} />)
    await user.click(screen.getByRole('button', { name: 'Отправить' }))
    const send = screen.getByRole('button', { name: 'Отправить' })
    expect(send.getAttribute('aria-busy')).toBeNull()
    expect(send.hasAttribute('disabled')).toBe(false)
  })
})
