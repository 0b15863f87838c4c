import { ROLE } from '../../core/auth/profile'
import { roles, type Rule, type RowScope } from '../../core/access'

/**
 * Who may do what with clients, and which client records each actor sees: the one declaration the sidebar, the
 * route guards, the server's endpoint guards (`app.requireUser(rule)`) and its row scopes (`scopeWhere`) all use.
 */

/** Agents, their managers and administrators keep the client base (SPEC §2 sidebar): they add and delete companies and individuals. */
export const keepsClients = roles(ROLE.agent, ROLE.agentManager, ROLE.admin)
/**
 * Those who see other agents' clients too: the lists say whose client each one is (the agent column). Written out
 * rather than `roles(…)`: only lazy screens use it, and a call at the top level would stay in /login's first load.
 */
export const seesKeepers: Rule = actor => actor.role === ROLE.agentManager || actor.role === ROLE.admin
/** The client's own cabinet pages. */
export const isClient = roles(ROLE.client)
/** The organisation search of the company form (SPEC §7): whoever edits companies. */
export const canSearchOrganizations = roles(ROLE.client, ROLE.agent, ROLE.agentManager, ROLE.admin)
/** The bank directory's BIK lookup of the bank-details form: the same people, who fill in bank details. */
export const canLookUpBanks = canSearchOrganizations

/**
 * The companies an actor reads and writes (the same rows either way; one outside answers 404): a client its own
 * (`owner`, the client user whose cabinet it is); an agent those it keeps (`agent`); an agent manager those its
 * office keeps (its own included; without an office, its own); an administrator all; everyone else none.
 */
export const companyRows: RowScope<'owner' | 'agent'> = {
  [ROLE.client]: { own: 'owner' },
  [ROLE.agent]: { assigned: 'agent' },
  [ROLE.agentManager]: { office: 'agent' },
  [ROLE.admin]: 'all',
}

/** Individuals, kept like companies; clients keep none. */
export const individualRows: RowScope<'agent'> = {
  [ROLE.agent]: { assigned: 'agent' },
  [ROLE.agentManager]: { office: 'agent' },
  [ROLE.admin]: 'all',
}

/**
 * The call center's number search (server/extensions.ts clientsByPhone): the call-center roles answer the phone
 * for everyone and see every match (name, inn, contact: enough to recognise the caller); the others their companies.
 */
export const companyRowsByPhone: RowScope<'owner' | 'agent'> = {
  ...companyRows,
  [ROLE.callCenter]: 'all',
  [ROLE.callCenterManager]: 'all',
  [ROLE.callCenterVerifier]: 'all',
}
