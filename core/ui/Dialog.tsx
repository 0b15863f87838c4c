import { lazy, Suspense, useRef, type ComponentType } from 'react'
import type { DialogProps } from './ModalDialog'

export type { DialogProps, DialogSize } from './ModalDialog'

let loaded: ComponentType<DialogProps> | null = null
/** Fetches the dialog's code now (unit tests before rendering one open; a page that knows it will open one soon). */
export const preloadDialog = () => import('./ModalDialog').then(m => (loaded = m.default))
const LazyModalDialog = lazy(() => preloadDialog().then(component => ({ default: component })))

/**
 * The cabinet's modal dialog (ModalDialog.tsx: react-aria's focus trap, Escape, inert background, focus returned to
 * the opener). Its code — react-aria's overlay machinery, ≈ 15 KB gzip — is fetched when a dialog first opens, not
 * with the page that may open one; it stays mounted afterwards, so closing and opening again are as before.
 */
export function Dialog(props: DialogProps) {
  // Chosen at the first open and kept: switching from the lazy wrapper to the loaded component would remount the
  // dialog (its fields and focus) at the next render.
  const shown = useRef<ComponentType<DialogProps> | null>(null)
  if (props.isOpen !== false) shown.current ??= loaded ?? LazyModalDialog
  const Shown = shown.current
  if (!Shown) return null
  return (
    <Suspense fallback={null}>
      <Shown {...props} />
    </Suspense>
  )
}
