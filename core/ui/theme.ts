/**
 * Design tokens of the cabinet. People work in it all day, so the palette is calm and dense but every
 * text/background pair meets WCAG AA (≥ 4.5:1; body text ≈ 15:1) and control borders meet 3:1 (1.4.11).
 * Components read tokens through styled-components' theme (`${({ theme }) => theme.color.text}`).
 */
export const color = {
  bg: '#f4f6f8',
  surface: '#ffffff',
  surfaceMuted: '#f0f2f5',
  surfaceHover: '#e9edf2',
  surfaceSelected: '#e8f0fb',
  /** Decorative dividers (cards, table rows). */
  divider: '#dde2e8',
  /** Control borders: 3.07:1 on white, as WCAG 1.4.11 asks of inputs. */
  border: '#8a94a1',
  borderStrong: '#4a5565',
  text: '#1a1f26',
  textMuted: '#4a5565',
  textDisabled: '#6b7785',
  textInverse: '#ffffff',
  primary: '#1d5bb8',
  primaryHover: '#174a96',
  primaryActive: '#123b78',
  primarySoft: '#e8f0fb',
  focus: '#1d5bb8',
  focusOnDark: '#ffffff',
  success: '#1a7f37',
  successText: '#146c2e',
  successSoft: '#e9f6ee',
  error: '#b42318',
  errorHover: '#93190f',
  errorText: '#a8201a',
  errorSoft: '#fdeceb',
  warning: '#b86e00',
  warningText: '#8a5300',
  warningSoft: '#fff7e0',
  info: '#1d5bb8',
  infoText: '#174a96',
  infoSoft: '#e8f0fb',
  backdrop: 'rgba(16, 24, 40, 0.48)',
  /** The shadow at a scrolling box's edge that hides more of its content (a wide table). */
  edgeShadow: 'rgba(16, 24, 40, 0.26)',
  sidebar: '#1f2937',
  sidebarText: '#e5e9ef',
} as const


/** 4-px grid; dense by default. */
export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const

export const radius = {
  sm: '4px',
  md: '6px',
  lg: '8px',
  pill: '999px',
} as const

export const font = {
  /** System fonts that all carry Cyrillic; no web-font download on the login page. */
  family:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
  size: {
    xs: '12px',
    sm: '13px',
    md: '14px',
    lg: '16px',
    xl: '20px',
    xxl: '24px',
  },
  lineHeight: {
    tight: 1.25,
    normal: 1.45,
  },
  weight: {
    regular: 400,
    medium: 500,
    semibold: 600,
    bold: 700,
  },
} as const

export const shadow = {
  sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
  md: '0 4px 12px rgba(16, 24, 40, 0.12)',
  lg: '0 12px 32px rgba(16, 24, 40, 0.20)',
} as const

/** Stacking order of the shell: higher numbers cover lower ones. */
export const z = {
  base: 0,
  sticky: 10,
  sidebar: 100,
  header: 200,
  callPanel: 500,
  dropdown: 1000,
  overlay: 1100,
  modal: 1200,
  toast: 1300,
  loader: 1400,
} as const

export const size = {
  sidebarExpanded: '240px',
  sidebarCollapsed: '56px',
  headerHeight: '56px',
  control: { sm: '28px', md: '32px', lg: '40px' },
  dialog: { sm: '400px', md: '560px', lg: '800px' },
  contentMax: '1440px',
} as const

export const motion = {
  fast: '120ms',
  normal: '200ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const

/** Widths where the shell changes layout (min-width media queries). */
export const breakpoint = {
  sm: '600px',
  /** From here up the sidebar stands beside the page; below it is a drawer over the page. */
  tablet: '900px',
  md: '960px',
  lg: '1280px',
} as const

const below = (width: string) => `(max-width: ${parseFloat(width) - 0.02}px)`

/**
 * The one definition of the shell's layout changes, for CSS (`@media ${({ theme }) => theme.media.compact}`)
 * and JS (`useMedia(media.compact)`) alike, so the drawer's script and its styles never disagree.
 */
export const media = {
  /** A tablet or a phone: the sidebar is a drawer, the header compact. */
  compact: below(breakpoint.tablet),
  /** A phone: one-column forms, dialogs over the whole screen. */
  phone: below(breakpoint.sm),
} as const

export const theme = { color, space, radius, font, shadow, z, size, motion, breakpoint, media } as const

export type Theme = typeof theme
export type Space = keyof typeof space
export type SemanticKind = 'info' | 'success' | 'warning' | 'error'

/** The focus ring every interactive element shares; `offset` keeps it visible on filled buttons. */
export const focusRing = (t: Theme, offset = '2px') => `outline: 2px solid ${t.color.focus}; outline-offset: ${offset};`

/** Text/background/accent of each semantic kind (alerts, toasts, badges). */
export function kindColors(t: Theme, kind: SemanticKind | 'neutral') {
  switch (kind) {
    case 'success':
      return { fg: t.color.successText, bg: t.color.successSoft, accent: t.color.success }
    case 'error':
      return { fg: t.color.errorText, bg: t.color.errorSoft, accent: t.color.error }
    case 'warning':
      return { fg: t.color.warningText, bg: t.color.warningSoft, accent: t.color.warning }
    case 'info':
      return { fg: t.color.infoText, bg: t.color.infoSoft, accent: t.color.info }
    default:
      return { fg: t.color.text, bg: t.color.surfaceMuted, accent: t.color.borderStrong }
  }
}
