import { Button, type ButtonProps } from './Button'

export interface IconButtonProps extends Omit<ButtonProps, 'square' | 'icon' | 'fullWidth' | 'aria-label'> {
  /** The accessible name: an icon alone says nothing to a screen reader. Also shown as a native tooltip. */
  'aria-label': string
}

/** A square button with only an icon; `aria-label` is required by its type. */
export function IconButton({ variant = 'ghost', ...props }: IconButtonProps) {
  return <Button {...props} variant={variant} square />
}
