// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { fork, type Scope } from 'effector'
import { Provider } from 'effector-react'
import { afterEach, describe, expect, it } from 'vitest'
import { createBus } from '../bus/bus'
import { virtualClock } from '../bus/clock'
import { connectBusToScope } from '../events/effector'
import { msg } from '../validation/rules'
import { createI18n, loadPluginNamespaces } from './i18n'
import * as english from './locales/en'
import { I18nContext, useT } from './useT'

function Label({ k, ns }: { k: string; ns?: string }) {
  const t = useT(ns)
  return <span data-testid={k}>{t(k)}</span>
}

function mount(scope: Scope, instance = createI18n()) {
  return render(
    <Provider value={scope}>
      <I18nContext.Provider value={instance}>
        <Label k={msg.required} />
        <Label k="menu" ns="bids" />
        <Label k="toast.systemNotification" />
      </I18nContext.Provider>
    </Provider>,
  )
}

afterEach(cleanup)

describe('useT', () => {
  it('translates validation keys in ru by default and re-renders on locale change', () => {
    const bus = createBus(virtualClock())
    const scope = fork()
    connectBusToScope(bus, scope)
    // English given at once: this is about re-rendering, not fetching (the packs fetch it: core/runtime.test.ts).
    mount(scope, createI18n('ru', { en: english }))
    expect(screen.getByTestId('validation:required').textContent).toBe('Обязательное поле')
    expect(screen.getByTestId('toast.systemNotification').textContent).toBe('Системное уведомление')
    act(() => void bus.emit('locale/changed', { locale: 'en' }, 'ui'))
    expect(screen.getByTestId('validation:required').textContent).toBe('Required field')
    expect(screen.getByTestId('toast.systemNotification').textContent).toBe('System notification')
  })

  it('re-renders when a plugin namespace arrives', async () => {
    const scope = fork()
    const instance = createI18n()
    mount(scope, instance)
    expect(screen.getByTestId('menu').textContent).toBe('menu')
    await act(() => loadPluginNamespaces(instance, [{ id: 'bids', i18n: { ru: async () => ({ default: { menu: 'Заявки' } }), en: async () => ({ default: { menu: 'Bids' } }) } }], 'ru'))
    expect(screen.getByTestId('menu').textContent).toBe('Заявки')
  })
})
