import pg from 'pg'

/** Selects named at most per pool; past it they run unnamed (each name is a statement every connection keeps). */
export const NAMED_SELECTS_KEPT = 200

/**
 * A Postgres server's connection that names each select without parameters: every connection parses and plans it
 * once and runs that plan after, as the embedded database's named statements do (pglite-statements.mjs). Postgres
 * keeps a generic plan for a statement without parameters, and it is the plan its values would get: they are in its
 * text. Such a statement is a list's first page whose size is written into its text (server/search/keyset.ts
 * `limitRows`) and whose scope and filters add no value — what a reader who sees every row opens first; planning
 * was three quarters of its time in the database (issue 16). A statement with values stays unnamed, planned on every
 * run for its own values (a search's plan depends on what is typed).
 */
export function namingSelects(kept = NAMED_SELECTS_KEPT): typeof pg.Client {
  /** The names by text: one name, one text, on every connection of the pool. */
  const names = new Map<string, string>()
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < kept) names.set(text, (name = `select_${names.size}`))
    return name
  }
  return class NamingClient extends pg.Client {
    // drizzle calls `query(config, values)`; pg's overloads take a text, a config or a submittable, values or not.
    override query(config: any, values?: any, callback?: any): any {
      const parameters: unknown[] = Array.isArray(values) ? values : (config?.values ?? [])
      if (parameters.length === 0 && typeof config?.text === 'string' && config.name === undefined && SELECT.test(config.text)) {
        const name = nameOf(config.text)
        if (name !== undefined) config = { ...config, name }
      }
      return super.query(config, values, callback)
    }
  }
}

const SELECT = /^\s*select\b/i
