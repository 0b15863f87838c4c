import { listLoad } from '../../core/ui/list/listLoad'
import { param } from '../../core/ui/list/query'

export const AGENTS_LIMIT = 20

/** `/agents?q=иван&cursor=…` (`page=2` of older links still opens that page): requested by the router as navigation starts, and by the page (one request). */
export const agentsLoad = listLoad('agents/loadList', { page: param.page(), q: param.text(), cursor: param.cursor() }, q => ({
  page: q.page,
  limit: AGENTS_LIMIT,
  q: q.q,
  ...(q.cursor ? { cursor: q.cursor } : {}),
}))
