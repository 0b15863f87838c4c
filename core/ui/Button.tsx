import type { ReactNode, Ref } from 'react'
import styled from 'styled-components'
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button'
import { buttonCss, type ButtonSize, type ButtonVariant } from './buttonStyles'
import { Spinner } from './Spinner'

export type { ButtonSize, ButtonVariant } from './buttonStyles'

const StyledButton = styled(AriaButton)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonCss}
`

export interface ButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style' | 'render'> {
  children: ReactNode
  variant?: ButtonVariant
  size?: ButtonSize
  /** Icon before the label (decorative; the label names the button). */
  icon?: ReactNode
  /** Stretch to the container's width (forms on narrow screens). */
  fullWidth?: boolean
  className?: string
  ref?: Ref<HTMLButtonElement>
}

/**
 * The one button of the cabinet (react-aria: press on mouse, touch, Enter and Space alike).
 * `isPending` keeps focus on the button, blocks presses and submits, shows a spinner instead of the icon
 * and sets aria-busy; react-aria announces the change to a screen-reader user who has it focused.
 */
export function Button({ children, variant = 'secondary', size = 'md', icon, fullWidth, className, isPending, ref, ...rest }: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      ref={ref}
      isPending={isPending}
      // react-aria passes only the attributes it knows to the <button>; these go through its render hook.
      render={(p) => <button {...p} aria-busy={isPending || undefined} />}
      $variant={variant}
      $size={size}
      className={className}
      style={fullWidth ? { width: '100%' } : undefined}
    >
      {isPending ? <Spinner size={size === 'lg' ? 18 : 16} /> : icon}
      <span>{children}</span>
    </StyledButton>
  )
}
