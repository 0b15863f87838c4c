// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ToastRegion, type ToastItem } from './ToastRegion'
import { renderUi } from './testUtils'

afterEach(cleanup)

const toasts: ToastItem[] = [
  { id: 'a', kind: 'success', text: 'Компания обновлена', timeout: 2000 },
  { id: 'b', kind: 'error', text: 'phone:Неверный номер\npassword:Минимум 6 символов', timeout: 2000 },
  { id: 'c', kind: 'warning', text: ['inn:10 или 12 цифр', 'kpp:9 цифр'], timeout: 5000 },
]

describe('ToastRegion', () => {
  it('renders one line per field, errors in the assertive region, the rest polite', () => {
    const { container } = renderUi(<ToastRegion toasts={toasts} onDismiss={() => {}} closeLabel="Закрыть" label="Уведомления" />)
    const region = screen.getByRole('region', { name: 'Уведомления' })
    const assertive = container.querySelector('[aria-live="assertive"]') as HTMLElement
    const polite = container.querySelector('[aria-live="polite"]') as HTMLElement
    expect(region.contains(assertive) && region.contains(polite)).toBe(true)
    expect(within(assertive).getByText('phone:Неверный номер')).toBeTruthy()
    expect(within(assertive).getByText('password:Минимум 6 символов')).toBeTruthy()
    expect(within(assertive).queryByText('Компания обновлена')).toBeNull()
    expect(within(polite).getByText('Компания обновлена')).toBeTruthy()
    expect(within(polite).getByText('inn:10 или 12 цифр')).toBeTruthy()
    expect(within(polite).getByText('kpp:9 цифр')).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Закрыть' })).toHaveLength(3)
  })

  it('keeps both live regions in the document while empty, so the first toast is announced', () => {
    const { container } = renderUi(<ToastRegion toasts={[]} onDismiss={() => {}} closeLabel="Закрыть" label="Уведомления" />)
    expect(container.querySelectorAll('[aria-live]')).toHaveLength(2)
  })

  it('calls onDismiss with the id and owns no state: the list given is what shows', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    const { rerender } = renderUi(<ToastRegion toasts={toasts} onDismiss={onDismiss} closeLabel="Закрыть" label="Уведомления" />)
    const errorToast = screen.getByText('phone:Неверный номер').closest('[data-kind]') as HTMLElement
    await user.click(within(errorToast).getByRole('button', { name: 'Закрыть' }))
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('b')
    // Not removed until the store says so.
    expect(screen.getByText('phone:Неверный номер')).toBeTruthy()
    rerender(<ToastRegion toasts={toasts.filter((t) => t.id !== 'b')} onDismiss={onDismiss} closeLabel="Закрыть" label="Уведомления" />)
    expect(screen.queryByText('phone:Неверный номер')).toBeNull()
  })

  it('close buttons work from the keyboard', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    renderUi(<ToastRegion toasts={[toasts[0]!]} onDismiss={onDismiss} closeLabel="Закрыть" label="Уведомления" />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Закрыть' }))
    await user.keyboard('{Enter}')
    expect(onDismiss).toHaveBeenCalledWith('a')
  })

  it('reports hover and focus so the store can hold the timer, and reads the kind first', async () => {
    const user = userEvent.setup()
    const onPause = vi.fn()
    const onResume = vi.fn()
    renderUi(
      <ToastRegion
        toasts={[toasts[1]!]}
        onDismiss={() => {}}
        closeLabel="Закрыть"
        label="Уведомления"
        kindLabels={{ error: 'Ошибка' }}
        onPause={onPause}
        onResume={onResume}
      />,
    )
    const toast = screen.getByText('phone:Неверный номер').closest('[data-kind]') as HTMLElement
    expect(toast.textContent?.startsWith('Ошибка: ')).toBe(true)
    await user.hover(toast)
    expect(onPause).toHaveBeenCalledWith('b')
    await user.unhover(toast)
    expect(onResume).toHaveBeenCalledWith('b')
  })
})
