/**
 * An independent oracle of SPEC §2 (sidebar visibility) and §6 (landing), written from the spec text and
 * the demo users of DESIGN §6 — deliberately not importing the app's predicates, so the e2e tests check the
 * app against the spec rather than against itself.
 */

export interface DemoUser {
  phone: string
  role: number
  /** Profile has an office_id (matters for role 30's /tasks). */
  office: boolean
  /** settings.services.tender is set. */
  tender: boolean
  /** Has a SIP code (the call panel). */
  sip: boolean
  /** Role 10 only: the company has both inn and ogrn. */
  companyComplete?: boolean
  note: string
}

export const DEMO_USERS: readonly DemoUser[] = [
  { phone: '+7 (700) 100-00-10', role: 10, office: false, tender: false, sip: false, companyComplete: true, note: 'client, company with inn+ogrn' },
  { phone: '+7 (700) 100-00-11', role: 10, office: false, tender: false, sip: false, companyComplete: false, note: 'client, no company entered yet' },
  { phone: '+7 (700) 100-00-30', role: 30, office: true, tender: true, sip: false, note: 'agent, office, tender on' },
  { phone: '+7 (700) 100-00-31', role: 30, office: false, tender: false, sip: false, note: 'agent, no office, tender off' },
  { phone: '+7 (700) 100-00-35', role: 35, office: false, tender: true, sip: true, note: 'agent manager, tender on, SIP' },
  { phone: '+7 (700) 100-00-40', role: 40, office: false, tender: false, sip: false, note: 'bank' },
  { phone: '+7 (700) 100-00-45', role: 45, office: false, tender: false, sip: false, note: 'bank manager' },
  { phone: '+7 (700) 100-01-00', role: 100, office: false, tender: false, sip: false, note: 'administrator' },
  { phone: '+7 (700) 100-01-50', role: 150, office: false, tender: true, sip: true, note: 'call-center employee, tender on, SIP' },
  { phone: '+7 (700) 100-01-60', role: 160, office: false, tender: true, sip: true, note: 'call-center manager, tender on, SIP' },
  { phone: '+7 (700) 100-01-70', role: 170, office: false, tender: false, sip: false, note: 'verifier' },
  { phone: '+7 (700) 100-01-80', role: 180, office: false, tender: false, sip: false, note: 'admin verifier' },
  { phone: '+7 (700) 100-10-00', role: 1000, office: false, tender: false, sip: false, note: 'role 1000' },
  { phone: '+7 (700) 100-00-41', role: 40, office: false, tender: false, sip: false, note: 'second bank user of bank #1' },
]

export function demoUser(phoneTail: string): DemoUser {
  const user = DEMO_USERS.find(u => u.phone.endsWith(phoneTail))
  if (!user) throw new Error(`no demo user with phone ending ${phoneTail}`)
  return user
}

/** SPEC §6: where a password sign-in lands when no path is remembered. */
export function expectedLanding(user: DemoUser): string {
  switch (user.role) {
    case 10:
      return user.companyComplete ? '/bids' : '/company'
    case 30:
      return '/bids'
    case 35:
      return '/statistics'
    case 40:
    case 45:
      return '/bank-bids'
    case 100:
      return '/tasks'
    case 150:
      return '/split-bids' // after a password sign-in (/tenders after a certificate sign-in or on /)
    case 160:
      return '/tenders'
    case 170:
    case 180:
      return '/verificator'
    default:
      return '/'
  }
}

/** SPEC §6: where visiting / sends a signed-in user (150 goes to /tenders on the home redirect). */
export function expectedHomeRedirect(user: DemoUser): string {
  return user.role === 150 ? '/tenders' : expectedLanding(user)
}

const only =
  (...roles: number[]) =>
  (u: DemoUser) =>
    roles.includes(u.role)
const tenderMenu = (u: DemoUser) => u.role === 100 || ([30, 35, 150, 160].includes(u.role) && u.tender)

/** SPEC §2 "Sidebar visibility", one row per link. */
export const SIDEBAR_MATRIX: ReadonlyArray<readonly [string, (u: DemoUser) => boolean]> = [
  ['/clients', only(30, 35, 100)],
  // Roles 30 and 35 in the menu; roles 10 and 1000 in a separate bottom entry: one link either way.
  ['/bids', only(30, 35, 10, 1000)],
  ['/company', only(10)],
  ['/agents', only(100, 170)],
  ['/leads-users', only(150, 170, 100)],
  ['/split-bids', only(150, 170, 100)],
  ['/split-clients', only(150, 170, 100)],
  ['/financials', only(10)],
  ['/documents', only(10)],
  ['/verificator', only(170, 180)],
  ['/bank-bids', only(40, 45)],
  ['/tenders', tenderMenu],
  ['/tenders-kp', tenderMenu],
  ['/tenders-call-list', tenderMenu],
  ['/tasks', u => !(u.role === 30 && !u.office)],
  ['/callers', only(35, 100, 160)],
  ['/statistics', only(35, 100, 160)],
  ['/sips', only(100)],
  ['/upload', only(100)],
  ['/sms', only(100)],
  // Issue 14 §1 decision: investors are client users (modules/invest/DESIGN-notes.md).
  ['/invest', only(10, 100)],
  ['/offers', only(100, 170)],
  ['/site-recall', only(100, 170)],
  ['/partners', u => !(u.role === 150 || u.role === 40)],
]

/** The sidebar links a user must see, sorted. */
export function expectedSidebar(user: DemoUser): string[] {
  return SIDEBAR_MATRIX.filter(([, visible]) => visible(user))
    .map(([href]) => href)
    .sort()
}
