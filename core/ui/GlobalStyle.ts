import { createGlobalStyle } from 'styled-components'

/**
 * Base document styles. Focus is shown only for keyboard users (`:focus-visible`) but then always, with
 * the same 2-px ring; transitions are switched off for users who ask for reduced motion (components
 * with a meaningful animation, like the spinner, slow it down themselves instead).
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: ${({ theme }) => theme.font.lineHeight.normal};
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.bg};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6 { margin: 0; line-height: ${({ theme }) => theme.font.lineHeight.tight}; }
  p { margin: 0; }
  button, input, select, textarea { font: inherit; color: inherit; }
  img, svg { display: block; max-width: 100%; }

  a { color: ${({ theme }) => theme.color.primary}; }
  a:hover { color: ${({ theme }) => theme.color.primaryHover}; }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  :focus:not(:focus-visible) { outline: none; }

  ::selection { background: ${({ theme }) => theme.color.primarySoft}; color: ${({ theme }) => theme.color.text}; }

  @media (prefers-reduced-motion: reduce) {
    html:focus-within { scroll-behavior: auto; }
    *, *::before, *::after {
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`
