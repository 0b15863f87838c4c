import { useUnit } from 'effector-react'
import { lazy, Suspense, useState } from 'react'
import { $feedback } from '../../core/feedback/model'

// The dialog (react-aria's Modal, the text area, the checkbox) loads when the user first asks for it.
const FeedbackDialog = lazy(() => import('./FeedbackDialog').then(m => ({ default: m.FeedbackDialog })))

/**
 * Mounts the feedback dialog from its first opening on (it stays mounted after, for its closing animation and
 * the 2.5 s reset core/feedback runs). The support button and the `feedback/open` command work as before.
 */
export function FeedbackDialogSlot() {
  const { open } = useUnit($feedback)
  const [wanted, setWanted] = useState(false)
  if (open && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <FeedbackDialog />
    </Suspense>
  )
}
