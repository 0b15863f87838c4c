import type { ReactNode, Ref } from 'react'
import styled from 'styled-components'
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button'
import { buttonCss, type ButtonSize, type ButtonVariant } from './buttonStyles'
import { Spinner } from './Spinner'

const StyledIconButton = styled(AriaButton)<{ $variant: ButtonVariant; $size: ButtonSize; $square: boolean }>`
  ${buttonCss}
`

export interface IconButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style' | 'render' | 'aria-label'> {
  /** The accessible name: an icon alone says nothing to a screen reader. Also shown as a native tooltip. */
  'aria-label': string
  /** The icon (decorative). */
  children: ReactNode
  variant?: ButtonVariant
  size?: ButtonSize
  /** Native tooltip; defaults to the aria-label so mouse users learn what the icon does. */
  title?: string
  /**
   * Makes it a toggle button (aria-pressed), e.g. show/hide password. Cheaper than react-aria's
   * ToggleButton on the login page; the parent keeps the state and flips it in onPress.
   */
  isPressed?: boolean
  className?: string
  ref?: Ref<HTMLButtonElement>
}

/** A square button with only an icon; `aria-label` is required by its type. */
export function IconButton({ children, variant = 'ghost', size = 'md', title, isPressed, className, isPending, ref, ...rest }: IconButtonProps) {
  return (
    <StyledIconButton
      {...rest}
      ref={ref}
      isPending={isPending}
      // react-aria passes only the attributes it knows to the <button>; these go through its render hook.
      render={(p) => <button {...p} aria-busy={isPending || undefined} aria-pressed={isPressed} title={title ?? rest['aria-label']} />}
      $variant={variant}
      $size={size}
      $square
      className={className}
    >
      {isPending ? <Spinner /> : children}
    </StyledIconButton>
  )
}
