import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const AGENTS_LIMIT = 20

/** `/agents?page=2&q=иван`: requested by the router as navigation starts, and by the page (one request). */
export const agentsLoad = listLoad('agents/loadList', { page: param.page(), q: param.text() }, q => ({ page: q.page, limit: AGENTS_LIMIT, q: q.q }))
