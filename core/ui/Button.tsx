import { PlainButton, type PlainButtonProps } from './PlainButton'

export type { ButtonSize, ButtonVariant } from './buttonStyles'

export type ButtonProps = Omit<PlainButtonProps, 'square' | 'isPressed'>

/**
 * The one button of the cabinet: a native <button> (presses on click, Enter and Space; `isPending` keeps the focus,
 * blocks presses and submits, shows a spinner and sets aria-busy). It was react-aria's Button: its press and hover
 * machinery weighed 13 KB gzip on every page that drew one, and nothing here needs it — no button sits inside a
 * react-aria trigger (popovers and menus take a `triggerRef`).
 */
export function Button(props: ButtonProps) {
  return <PlainButton {...props} />
}
