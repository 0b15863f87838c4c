import type { ReactNode } from 'react'
import { ListState, type ListSource } from '../../../core/ui/list/ListState'

const never = () => false

/**
 * One section of the company card (heads, owners, bank accounts, financials, documents, licences, public links): a
 * few records read whole, not a server list, but loading like one. The kit's ListState gives the first-load skeleton,
 * "could not load …" with a retry when nothing came (SPEC §8: each section on its own, the others unaffected) and,
 * when a reload fails, the rows kept under a notice. The section says it is empty itself, beside its add button.
 * Not for the public pages: they stay light (./states.tsx).
 */
export function SectionState<T>({ state, failedTitle, onRetry, testId, children }: {
  state: ListSource<T>
  failedTitle: string
  onRetry: () => void
  testId?: string
  children: (data: T) => ReactNode
}) {
  return (
    <ListState state={state} isEmpty={never} failedTitle={failedTitle} onRetry={onRetry} skeletonRows={3} data-testid={testId}>
      {children}
    </ListState>
  )
}
