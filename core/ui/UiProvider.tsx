import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { GlobalStyle } from './GlobalStyle'
import { theme as defaultTheme, type Theme } from './theme'

export interface UiProviderProps {
  children: ReactNode
  /** Replaces the tokens, e.g. in a test or a future dark theme. */
  theme?: Theme
  /** Skip the document-level styles (a component test or an embedded widget). */
  withGlobalStyle?: boolean
}

/**
 * Theme and global styles for everything below; mount once at the root. react-aria's locale comes from AriaLocale,
 * which the signed-in shell mounts.
 */
export function UiProvider({ children, theme = defaultTheme, withGlobalStyle = true }: UiProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      {withGlobalStyle && <GlobalStyle />}
      {children}
    </ThemeProvider>
  )
}
