import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { UiProvider } from './UiProvider'

/** Renders inside the kit's provider, as the app does. */
export function renderUi(ui: ReactElement) {
  return render(ui, { wrapper: ({ children }) => <UiProvider>{children}</UiProvider> })
}
