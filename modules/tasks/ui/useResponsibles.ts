import { useSearchedList } from '../../../core/react/useSearchedList'
import { TASKS_API, type TaskResponsible } from '../contract'

/**
 * GET v1/tasks/responsibles?search=: whom a task may be given to (the actor's office; all for administrators), the
 * first 50 or those found by the typed text; `similar` when they are a typo's.
 */
export const useResponsibles = (search = '') => useSearchedList<TaskResponsible>(TASKS_API.responsibles, search)
