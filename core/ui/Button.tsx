import { Fragment, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react'
import styled from 'styled-components'
import { buttonCss, type ButtonSize, type ButtonVariant } from './buttonStyles'
import { Spinner } from './Spinner'

const Styled = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $square: boolean }>`
  ${buttonCss}
`

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className' | 'style' | 'disabled'> {
  children: ReactNode
  onPress?: () => void
  variant?: ButtonVariant
  size?: ButtonSize
  /** A square button with only an icon: `aria-label` names it (also its tooltip). */
  square?: boolean
  isDisabled?: boolean
  /** Stays focusable, ignores presses and submits, shows a spinner, sets aria-busy (a save under way). */
  isPending?: boolean
  /** Makes it a toggle (aria-pressed), e.g. show/hide password; the parent keeps the state and flips it in onPress. */
  isPressed?: boolean
  /** Icon before the label (decorative). */
  icon?: ReactNode
  fullWidth?: boolean
  className?: string
  ref?: Ref<HTMLButtonElement>
}

/**
 * The one button of the cabinet, a native <button>: it presses on click, Enter and Space; its data-* states (hover,
 * press, focus-visible, pending) are set from native events for `buttonCss`. `isPending` keeps the focus, blocks
 * presses and submits, shows a spinner and sets aria-busy. It was react-aria's Button: that press and hover
 * machinery weighed 13 KB gzip on every page that drew one, and no button here sits inside a react-aria trigger
 * (popovers and menus take a `triggerRef`).
 */
export function Button({
  children,
  onPress,
  variant = 'secondary',
  size = 'md',
  square = false,
  isDisabled = false,
  isPending = false,
  isPressed,
  icon,
  fullWidth,
  className,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  const [hovered, setHovered] = useState(false)
  const [pressed, setPressed] = useState(false)
  const [focusVisible, setFocusVisible] = useState(false)
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    // A pending button keeps its focus but does nothing, and a pending submit does not submit again.
    if (isPending) e.preventDefault()
    else onPress?.()
  }
  // Keyed slots: the icon (the caller's element carries no key) and the label keep their places as the spinner comes and goes.
  const content = square
    ? isPending
      ? <Spinner />
      : children
    : [<Fragment key="i">{isPending ? <Spinner size={size === 'lg' ? 18 : 16} /> : icon}</Fragment>, <span key="c">{children}</span>]
  return (
    <Styled
      {...rest}
      ref={ref}
      type={type}
      className={className}
      style={fullWidth ? { width: '100%' } : undefined}
      title={rest.title ?? (square ? rest['aria-label'] : undefined)}
      disabled={isDisabled}
      aria-pressed={isPressed ?? rest['aria-pressed']}
      aria-busy={isPending || undefined}
      // As react-aria's Button: a pending button is announced as unavailable while it keeps the focus.
      aria-disabled={isPending || rest['aria-disabled'] || undefined}
      $variant={variant}
      $size={size}
      $square={square}
      data-hovered={(hovered && !isDisabled) || undefined}
      data-pressed={(pressed && !isDisabled) || undefined}
      data-focus-visible={focusVisible || undefined}
      data-disabled={isDisabled || undefined}
      data-pending={isPending || undefined}
      onClick={onClick}
      onPointerEnter={e => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => (setHovered(false), setPressed(false))}
      onPointerDown={() => setPressed(true)}
      onPointerUp={() => setPressed(false)}
      onFocus={e => {
        setFocusVisible(e.currentTarget.matches(':focus-visible'))
        rest.onFocus?.(e)
      }}
      onBlur={e => {
        setFocusVisible(false)
        rest.onBlur?.(e)
      }}
    >
      {content}
    </Styled>
  )
}

export type { ButtonSize, ButtonVariant } from './buttonStyles'
