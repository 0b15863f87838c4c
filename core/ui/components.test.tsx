// @vitest-environment happy-dom
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Alert } from './Alert'
import { Button } from './Button'
import { ErrorState } from './ErrorState'
import { GlobalLoader } from './GlobalLoader'
import { IconButton } from './IconButton'
import { Menu, MenuItem } from './Menu'
import { PageHeader } from './PageHeader'
import { Panel } from './Card'
import { ProgressBar } from './ProgressBar'
import { Cell, Column, Row, Table, TableBody, TableHeader } from './Table'
import { renderUi } from './testUtils'

afterEach(cleanup)

describe('Button', () => {
  it('presses with Enter and Space', async () => {
    const user = userEvent.setup()
    const onPress = vi.fn()
    renderUi(<Button onPress={onPress}>Войти</Button>)
    await user.tab()
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onPress).toHaveBeenCalledTimes(2)
  })

  it('while pending: aria-busy, a spinner, focus kept, presses and submits blocked', async () => {
    const user = userEvent.setup()
    const onPress = vi.fn()
    const onSubmit = vi.fn((e: Event) => e.preventDefault())
    const { rerender } = renderUi(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button type="submit" variant="primary" onPress={onPress}>
          Войти
        </Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Войти' })
    expect(button.getAttribute('aria-busy')).toBeNull()
    button.focus()
    rerender(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Button type="submit" variant="primary" onPress={onPress} isPending>
          Войти
        </Button>
      </form>,
    )
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    expect(document.activeElement).toBe(button)
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(onPress).not.toHaveBeenCalled()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('IconButton is named by its aria-label and can be a toggle', () => {
    renderUi(
      <IconButton aria-label="Свернуть меню" isPressed={false}>
        <svg />
      </IconButton>,
    )
    const b = screen.getByRole('button', { name: 'Свернуть меню' })
    expect(b.getAttribute('aria-pressed')).toBe('false')
  })
})

describe('Menu', () => {
  // Arrow-key movement inside the menu is react-aria's and is not reproducible in happy-dom (the popover keeps
  // focus there); the shell's e2e walks it in Chromium.
  it('opens from its trigger, runs the action and closes; Escape closes and returns focus', async () => {
    const user = userEvent.setup()
    const onAction = vi.fn()
    // As the header's user menu: the trigger keeps the state and hands the popover its ref (core/ui/Menu `popover`).
    function Harness() {
      const trigger = useRef<HTMLButtonElement>(null)
      const [open, setOpen] = useState(false)
      return (
        <>
          <Button ref={trigger} aria-haspopup="menu" aria-expanded={open} onPress={() => setOpen(!open)}>
            Иванов И.
          </Button>
          <Menu popover={{ triggerRef: trigger, isOpen: open, onOpenChange: setOpen }} aria-label="Иванов И." onAction={onAction} onClose={() => setOpen(false)}>
            <MenuItem id="profile">Профиль</MenuItem>
            <MenuItem id="help">Помощь</MenuItem>
            <MenuItem id="logout" isDanger>
              Выйти
            </MenuItem>
          </Menu>
        </>
      )
    }
    renderUi(<Harness />)
    const trigger = screen.getByRole('button', { name: 'Иванов И.' })
    await user.click(trigger)
    const menu = screen.getByRole('menu', { name: 'Иванов И.' })
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Профиль', 'Помощь', 'Выйти'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Выйти' }))
    expect(onAction.mock.calls[0]?.[0]).toBe('logout')
    expect(screen.queryByRole('menu')).toBeNull()

    trigger.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('menu')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })
})

describe('ProgressBar and GlobalLoader', () => {
  it('exposes the value and label of the profile-completeness bar', () => {
    renderUi(<ProgressBar label="Профиль заполнен" value={67} />)
    const bar = screen.getByRole('progressbar', { name: 'Профиль заполнен' })
    expect(bar.getAttribute('aria-valuenow')).toBe('67')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
    expect(bar.getAttribute('aria-valuetext')).toMatch(/67\s?%/)
  })

  it('GlobalLoader is an indeterminate progressbar named by its prop', () => {
    renderUi(<GlobalLoader aria-label="Загрузка" variant="screen" />)
    const loader = screen.getByRole('progressbar', { name: 'Загрузка' })
    expect(loader.getAttribute('aria-valuenow')).toBeNull()
  })
})

describe('Alert, ErrorState, PageHeader, Panel', () => {
  it('Alert is role=alert by default and dismissable when given a label', async () => {
    const user = userEvent.setup()
    const onDismiss = vi.fn()
    renderUi(
      <Alert kind="error" title="Ошибка SIP" onDismiss={onDismiss} dismissLabel="Скрыть">
        Неверный пароль. Обновите страницу.
      </Alert>,
    )
    expect(screen.getByRole('alert').textContent).toContain('Неверный пароль')
    await user.click(screen.getByRole('button', { name: 'Скрыть' }))
    expect(onDismiss).toHaveBeenCalled()
  })

  it('ErrorState retries', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    renderUi(<ErrorState title="Не удалось загрузить" message="Сервер недоступен" retryLabel="Повторить" onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('PageHeader renders the page h1 and Panel labels its section by its heading', () => {
    renderUi(
      <>
        <PageHeader title="Мои компании" actions={<Button>Добавить</Button>} />
        <Panel title="Реквизиты">…</Panel>
      </>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Мои компании' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Реквизиты' })).toBeTruthy()
  })
})

describe('Table', () => {
  it('renders a grid with row headers from items', () => {
    const rows = [
      { id: 1, name: 'ООО «Ромашка»', inn: '7701234567' },
      { id: 2, name: 'ИП Петров', inn: '770123456789' },
    ]
    renderUi(
      <Table aria-label="Компании">
        <TableHeader>
          <Column isRowHeader>Название</Column>
          <Column>ИНН</Column>
        </TableHeader>
        <TableBody items={rows}>
          {(row) => (
            <Row id={row.id}>
              <Cell>{row.name}</Cell>
              <Cell>{row.inn}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>,
    )
    const grid = screen.getByRole('grid', { name: 'Компании' })
    expect(within(grid).getAllByRole('row')).toHaveLength(3)
    expect(within(grid).getByRole('rowheader', { name: 'ИП Петров' })).toBeTruthy()
  })
})
