import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { I18nProvider } from 'react-aria-components/I18nProvider'
import { GlobalStyle } from './GlobalStyle'
import { theme as defaultTheme, type Theme } from './theme'

export interface UiProviderProps {
  children: ReactNode
  /** BCP 47 locale for react-aria's number/date formatting and reading direction; 'ru' by default. */
  locale?: string
  /** Replaces the tokens, e.g. in a test or a future dark theme. */
  theme?: Theme
  /** Skip the document-level styles (a component test or an embedded widget). */
  withGlobalStyle?: boolean
}

/** Theme, global styles and locale for everything below; mount once at the root. */
export function UiProvider({ children, locale = 'ru', theme = defaultTheme, withGlobalStyle = true }: UiProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <I18nProvider locale={locale}>
        {withGlobalStyle && <GlobalStyle />}
        {children}
      </I18nProvider>
    </ThemeProvider>
  )
}
