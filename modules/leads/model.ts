import { remote } from '../../core/data/remote'
import { leadsApi, type LeadUsersPage } from './contract'
import type { LeadUsersRequest } from './loads'

/** GET leads-users: one page of chat users; the page shown stays while the next one loads. */
export const leadUsersList = remote('leads/users', {
  load: (q: LeadUsersRequest, { api, signal }) => api.get<LeadUsersPage>(leadsApi.users, { quiet: true, searchParams: { page: q.page, limit: q.limit, ...(q.cursor ? { cursor: q.cursor } : {}) }, signal }),
})
