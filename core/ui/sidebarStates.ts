import { color } from './theme'

/**
 * The sidebar's own colours (the shell's sidebar only, so not in the theme every page loads): text on background of each sidebar entry state. The sidebar's CSS and the contrast test read these same
 * pairs, so a colour change that drops a state under 4.5:1 fails the test.
 */
export const sidebarStates = {
  idle: { fg: color.sidebarText, bg: color.sidebar },
  // Solid, not translucent over the navy, so each pair's contrast can be computed.
  hover: { fg: color.sidebarText, bg: '#2f3a4a' },
  active: { fg: color.textInverse, bg: '#3a4557' },
  activeHover: { fg: color.textInverse, bg: '#2f3a4a' },
} as const
