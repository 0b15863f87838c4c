/** Shapes of the workflow endpoints (server/workflow/routes.ts), shared by both sides. */

/** POST v1/<resource>/{id}/<action> → data: the record's new status and what this user may do next. */
export interface TransitionResult {
  id: number
  from: number
  status: number
  allowed: string[]
}

/** One line of a record's history for one status field. */
export interface WorkflowHistoryEntry {
  id: number
  action: string
  from: number
  to: number
  input: Record<string, unknown> | null
  /** Null once the user is deleted. */
  user: { id: number; name: string } | null
  /** ISO 8601. */
  at: string
}

/** GET v1/<resource>/{id}/<field>/history → data. */
export interface WorkflowHistory {
  /** Null while the status field is still unset. */
  status: number | null
  allowed: string[]
  items: WorkflowHistoryEntry[]
}
