/**
 * The authorization matrix (issue 9) as data: for every endpoint of the composed server, who may call it. Written
 * out by hand (the oracle's own knowledge, not derived from the guards), checked by tests/authz-matrix.server.test.ts
 * against every endpoint × the 13 demo users × no token. A new endpoint without an entry fails that test, and so
 * does an entry whose endpoint is gone.
 *
 * Path ids are 1 (`:id`, `:personId`…): on the demo seed that is Иванов's (0010) company, served by Сидорова (0030),
 * its first person, owner, account…; the first individual (Сидорова's); the first notification (Иванов's).
 * Bodies are empty (`{}`), so a user who may call a write endpoint gets 422 (or 404/409), never 401/403.
 */

/** A role by its name in core/auth/profile.ts ROLE (all its demo users), or one demo user by the suffix of its phone. */
export type Who = string

export type Expectation =
  /** Anyone, with or without a token: never 401 or 403. */
  | 'public'
  /** The socket: opened with a one-time ticket, not a token; a plain request is 401 for everyone. */
  | 'ticket'
  | {
      /** Who is served (anything but 401/403): 'signed-in' for every demo user. Everyone else signed in: exactly 403. */
      allow: 'signed-in' | readonly Who[]
      /** Who passes the guard but must not see the row: exactly 404 (no hint that it exists). */
      notFound?: readonly Who[]
      /** The call ends or changes the session (logout, impersonation): made with a session of its own. */
      fresh?: true
    }

/** Everything under /companies/1: its client (0010), its agent (0030), the agents' manager and the admin. */
const COMPANY_1 = { allow: ['0010', '0030', 'agentManager', 'admin'], notFound: ['0011', '0031', 'bank', 'bankManager', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'callCenterVerifier'] } as const
/** /physics/1: its agent (0030), the agents' manager and the admin. */
const INDIVIDUAL_1 = { allow: ['0030', 'agentManager', 'admin'], notFound: ['client', '0031', 'bank', 'bankManager', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'callCenterVerifier'] } as const

/** 'METHOD /api/v1/path' as the server registers it → who may call it. */
export const AUTHZ_MATRIX: Readonly<Record<string, Expectation>> = {
  'GET /api/v1/health': 'public',
  'POST /api/v1/users/sign-in': 'public',
  'GET /api/v1/users/get-sign-code': 'public',
  'POST /api/v1/users/register': 'public',
  'POST /api/v1/users/register/code': 'public',
  'POST /api/v1/users/restore-password': 'public',
  'GET /api/v1/users/logout': { allow: 'signed-in', fresh: true },
  'GET /api/v1/profile': { allow: 'signed-in' },
  'POST /api/v1/profile/settings': { allow: 'signed-in' },
  'POST /api/v1/profile/language': { allow: 'signed-in' },
  'POST /api/v1/profile/password': { allow: 'signed-in' },
  'POST /api/v1/profile/email': { allow: 'signed-in' },
  'POST /api/v1/profile/email/confirm': 'public',
  'GET /api/v1/company': { allow: 'signed-in' },
  'POST /api/v1/users/feedback': { allow: 'signed-in' },
  'GET /api/v1/statistics/client-fullness': { allow: ['client'] },
  'GET /api/v1/socket/ticket': { allow: 'signed-in' },
  'GET /api/v1/socket': 'ticket',
  'GET /api/v1/notifications': { allow: 'signed-in' },
  'POST /api/v1/notifications/read': { allow: 'signed-in' },
  'GET /api/v1/notifications/:id/archive': { allow: ['0010'], notFound: ['0011', 'agent', 'agentManager', 'bank', 'bankManager', 'admin', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'callCenterVerifier'] },
  'POST /api/v1/unsubscribe': 'public',
  'POST /api/v1/unsubscribe-universe': 'public',
  'POST /api/v1/tenders/:tenderId/history-add': { allow: ['0030', 'agentManager', 'admin', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/tenders/:tenderId/call-end': { allow: ['agentManager', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/tenders/:tenderId/contact-add': { allow: ['0030', 'agentManager', 'admin', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/call-center/phone-call': { allow: ['agentManager', 'callCenter', 'callCenterManager'] },
  'GET /api/v1/call-center/phone-call/:id': { allow: ['agentManager', 'admin'], notFound: ['client', 'agent', 'bank', 'bankManager', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'callCenterVerifier'] },
  'POST /api/v1/call-center/phone-call/:id': { allow: ['agentManager', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/call-center/search-links-by-phone': { allow: ['agent', 'agentManager', 'admin', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/call-center/:phoneCallId/call-end': { allow: ['agentManager', 'callCenter', 'callCenterManager'] },
  'POST /api/v1/call-center/contact-add': { allow: ['agent', 'agentManager', 'admin', 'callCenter', 'callCenterManager'] },
  'GET /api/v1/call-center/offices': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'GET /api/v1/call-center/callers': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'GET /api/v1/call-center/callers/:id': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'POST /api/v1/call-center/callers': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'POST /api/v1/call-center/callers/:id': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'GET /api/v1/call-center/sips': { allow: ['admin'] },
  'GET /api/v1/call-center/sips/free': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'POST /api/v1/call-center/sips': { allow: ['admin'] },
  'GET /api/v1/call-center/statistics': { allow: ['agentManager', 'admin', 'callCenterManager'] },
  'GET /api/v1/companies': { allow: 'signed-in' },
  // A client without a company (0011: none entered yet) creates its own; one that has it (0010) is refused.
  'POST /api/v1/companies': { allow: ['0011', 'agent', 'agentManager', 'admin'] },
  'GET /api/v1/sms': { allow: ['admin'] },
  'GET /api/v1/companies/:id': COMPANY_1,
  'POST /api/v1/companies/:id': COMPANY_1,
  'GET /api/v1/companies/export': { allow: 'signed-in' },
  'GET /api/v1/companies/:id/persons': COMPANY_1,
  'POST /api/v1/companies/:id/persons': COMPANY_1,
  'POST /api/v1/companies/:id/persons/:personId': COMPANY_1,
  'GET /api/v1/companies/:id/owners': COMPANY_1,
  'POST /api/v1/companies/:id/owners': COMPANY_1,
  'POST /api/v1/companies/:id/owners/:ownerId': COMPANY_1,
  'GET /api/v1/companies/:id/bank-accounts': COMPANY_1,
  'POST /api/v1/companies/:id/bank-accounts': COMPANY_1,
  'POST /api/v1/companies/:id/bank-accounts/:accountId': COMPANY_1,
  'POST /api/v1/companies/:id/bank-accounts/:accountId/main': COMPANY_1,
  'GET /api/v1/companies/:id/financials': COMPANY_1,
  'POST /api/v1/companies/:id/financials': COMPANY_1,
  'POST /api/v1/companies/:id/files': COMPANY_1,
  'GET /api/v1/companies/:id/files/:fileId': COMPANY_1,
  'GET /api/v1/companies/:id/documents': COMPANY_1,
  'POST /api/v1/companies/:id/documents': COMPANY_1,
  'GET /api/v1/companies/:id/licences': COMPANY_1,
  'POST /api/v1/companies/:id/licences': COMPANY_1,
  'POST /api/v1/companies/:id/licences/:licenceId': COMPANY_1,
  'GET /api/v1/companies/:id/public-links': COMPANY_1,
  'POST /api/v1/companies/:id/public-links': COMPANY_1,
  'GET /api/v1/public-documents/:hash': 'public',
  'GET /api/v1/public-documents/:hash/files/:fileId': 'public',
  'GET /api/v1/public-financials/:hash': 'public',
  'GET /api/v1/autocomplete/organization-search-kz/:query': { allow: ['client', 'agent', 'agentManager', 'admin'] },
  'GET /api/v1/banks/:bik': { allow: ['client', 'agent', 'agentManager', 'admin'] },
  'GET /api/v1/physics': { allow: 'signed-in' },
  'POST /api/v1/physics': { allow: ['agent', 'agentManager', 'admin'] },
  'GET /api/v1/physics/:id': INDIVIDUAL_1,
  'POST /api/v1/physics/:id': INDIVIDUAL_1,
  'GET /api/v1/agents': { allow: ['admin', 'verifier'] },
  'GET /api/v1/agents/:id': { allow: ['admin', 'verifier'] },
  'POST /api/v1/agents/:id/impersonate': { allow: ['admin'], fresh: true },
  'POST /api/v1/impersonation/end': { allow: 'signed-in', fresh: true },
  'GET /api/v1/impersonations': { allow: ['admin'], fresh: true },
  // Deletions run after everything else (the matrix test orders them last): the first allowed user deletes the
  // row, those after get 404, which is still not a refusal.
  'POST /api/v1/companies/:id/persons/:personId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/owners/:ownerId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/bank-accounts/:accountId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/financials/:periodId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/documents/:docId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/licences/:licenceId/delete': COMPANY_1,
  'POST /api/v1/companies/:id/public-links/:linkId/revoke': COMPANY_1,
  'POST /api/v1/physics/:id/delete': INDIVIDUAL_1,
  // A client may not delete its company (403 from the route), those who keep clients may (409: it has documents).
  'POST /api/v1/companies/:id/delete': { allow: ['0030', 'agentManager', 'admin'], notFound: ['0011', '0031', 'bank', 'bankManager', 'callCenter', 'callCenterManager', 'verifier', 'adminVerifier', 'callCenterVerifier'] },
}
