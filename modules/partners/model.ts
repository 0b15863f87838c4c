import { remote } from '../../core/data/remote'
import { partnersApi, type PartnerList } from './contract'

/** What the /partners page asks for: filters as in the URL ('all' = no filter). */
export interface PartnersQuery {
  q: string
  service: string
  kind: string
  /** '1': deactivated partners too (the server honours it for administrators only). */
  inactive: string
}

/** GET partners: the whole list (a few dozen rows at most) with the products and their conditions. */
export const partnersList = remote('partners/list', {
  load: (query: PartnersQuery, { api, signal }) => {
    const searchParams: Record<string, string> = {}
    if (query.q) searchParams.q = query.q
    if (query.service !== 'all') searchParams.service = query.service
    if (query.kind !== 'all') searchParams.kind = query.kind
    if (query.inactive === '1') searchParams.inactive = '1'
    return api.get<PartnerList>(partnersApi.partners, { quiet: true, searchParams, signal })
  },
})
