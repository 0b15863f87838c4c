import { PlainIconButton, type PlainButtonProps } from './PlainButton'

export interface IconButtonProps extends Omit<PlainButtonProps, 'square' | 'icon' | 'fullWidth' | 'aria-label'> {
  /** The accessible name: an icon alone says nothing to a screen reader. Also shown as a native tooltip. */
  'aria-label': string
}

/** A square button with only an icon (native, as `Button`); `aria-label` is required by its type. */
export function IconButton(props: IconButtonProps) {
  return <PlainIconButton {...props} />
}
