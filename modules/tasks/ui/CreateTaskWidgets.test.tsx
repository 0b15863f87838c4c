// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { preloadDialog } from '../../../core/ui/Dialog'
import { Slot } from '../../../core/ui/Slot'
import { PEOPLE, tasksKit } from './testKit'

vi.setConfig({ testTimeout: 30_000 })
beforeAll(async () => {
  await preloadDialog()
})
afterEach(cleanup)

describe('"Create task" on other modules\' pages', () => {
  it.each([
    { slot: 'clients/pageActions', props: { companyId: 12 }, kind: 'client', id: 12, suggested: 'Связаться с клиентом № 12' },
    { slot: 'bids/pageActions', props: { bidId: 7 }, kind: 'bid', id: 7, suggested: 'Работа по заявке № 7' },
    { slot: 'tenders/showActions', props: { tender: { id: 3 }, reload: () => {} }, kind: 'tender', id: 3, suggested: 'Работа по тендеру № 3' },
  ])('$slot opens the form with the record linked and a name suggested', async ({ slot, props, kind, id, suggested }) => {
    const posts: unknown[] = []
    const kit = tasksKit('/', req => {
      if (req.method === 'POST') {
        posts.push(req.body)
        return { id: 40 }
      }
      return req.path === 'v1/tasks/responsibles' ? { items: PEOPLE } : null
    })
    render(kit.wrap(<Slot slot={slot as 'clients/pageActions'} props={props as { companyId: number }} />))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Создать задачу' }))
    const dialog = await screen.findByRole('dialog', { name: 'Новая задача' })
    expect((within(dialog).getByRole('textbox', { name: /Название/ }) as HTMLInputElement).value).toBe(suggested)
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: /Ответственный/ }) as HTMLInputElement).value).toBe('Иван Петров'))
    await user.click(within(dialog).getByRole('button', { name: 'Создать' }))
    await waitFor(() => expect(kit.toasts).toContain('Задача создана'))
    expect(posts[0]).toMatchObject({ name: suggested, links: [{ kind, id }] })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
