import { TASKS_API, type TaskResponsible } from '../contract'
import { useResource } from '../../../core/react/useResource'

/** GET v1/tasks/responsibles: whom a task may be given to (the actor's office; all for administrators). */
export function useResponsibles() {
  const [state, reload] = useResource<TaskResponsible[] | { items: TaskResponsible[] }>(TASKS_API.responsibles)
  const people = state.data ? (Array.isArray(state.data) ? state.data : state.data.items) : []
  return { people, status: state.status, reload }
}
