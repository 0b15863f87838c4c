/**
 * Prints the SIP accounts the test peer (sip/kamailio.cfg) authenticates, one `code:password` a line:
 * the demo accounts of server/seed.ts (users 35, 150 and 160) and the module's free demo accounts. scripts/sip-peer.sh renders them into the
 * peer's account table. Run: `node --import tsx modules/callcenter/server/sip-users.ts`.
 */
import { DEMO_USERS, demoSipPassword } from '../../../server/seed'
import { DEMO_FREE_SIP_ACCOUNTS } from './demo'

export function demoSipAccounts(): { code: string; password: string }[] {
  return [
    ...DEMO_USERS.filter(u => u.sip).map(u => ({ code: u.sip!, password: demoSipPassword(u.sip!) })),
    ...DEMO_FREE_SIP_ACCOUNTS.map(a => ({ code: a.code, password: a.password })),
  ]
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  for (const { code, password } of demoSipAccounts()) process.stdout.write(`${code}:${password}\n`)
}
