import { count } from 'drizzle-orm'
import { ROLE, type Role } from '../core/auth/profile'
import type { PasswordHasher } from './auth/password'
import type { Clock } from './clock'
import type { SeedMode } from './config'
import type { Db } from './db/client'
import { companies, offices, users } from './db/schema'
import type { ServerModule } from './module'
import { collectNotificationTypes } from './notify'

export const DEMO_PASSWORD = 'demo123'

interface DemoUser {
  /** The `RR-RR` of `+7 (700) 100-RR-RR` (DESIGN §6). */
  suffix: string
  role: Role
  full_name: string
  office?: 'head' | 'callCenter'
  tender?: boolean
  sip?: string
}

/** Exactly the demo users of DESIGN §6, one line each, in the table's order. */
export const DEMO_USERS: readonly DemoUser[] = [
  { suffix: '0010', role: ROLE.client, full_name: 'Иванов Иван Иванович' },
  { suffix: '0011', role: ROLE.client, full_name: 'Петров Пётр Петрович' },
  { suffix: '0030', role: ROLE.agent, full_name: 'Сидорова Анна Сергеевна', office: 'head', tender: true },
  { suffix: '0031', role: ROLE.agent, full_name: 'Кузнецов Олег Викторович' },
  { suffix: '0035', role: ROLE.agentManager, full_name: 'Смирнова Елена Андреевна', office: 'head', tender: true, sip: '1035' },
  { suffix: '0040', role: ROLE.bank, full_name: 'Волков Дмитрий Павлович' },
  { suffix: '0045', role: ROLE.bankManager, full_name: 'Морозова Ольга Игоревна' },
  { suffix: '0100', role: ROLE.admin, full_name: 'Соколов Алексей Николаевич', office: 'head' },
  { suffix: '0150', role: ROLE.callCenter, full_name: 'Попова Мария Александровна', office: 'callCenter', tender: true, sip: '1150' },
  { suffix: '0160', role: ROLE.callCenterManager, full_name: 'Лебедев Игорь Сергеевич', office: 'callCenter', tender: true, sip: '1160' },
  { suffix: '0170', role: ROLE.verifier, full_name: 'Козлова Наталья Викторовна', office: 'head' },
  { suffix: '0180', role: ROLE.adminVerifier, full_name: 'Новиков Артём Олегович', office: 'head' },
  { suffix: '1000', role: ROLE.callCenterVerifier, full_name: 'Фёдорова Светлана Юрьевна', office: 'callCenter' },
  // A second bank user of bank #1 (the partners module's seed), so the bank manager has someone to assign to. Last,
  // so the ids of the users above stay as they were.
  { suffix: '0041', role: ROLE.bank, full_name: 'Зайцев Кирилл Андреевич' },
]

export const demoPhone = (suffix: string): string => `7700100${suffix}`
/** SIP passwords are plain on purpose: the softphone registers with them (the test Kamailio uses the same). */
export const demoSipPassword = (code: string): string => `sip${code}demo`

/** SEED=auto seeds only an empty embedded database; nothing ever seeds a database that has users. */
export function shouldSeed(mode: SeedMode, kind: 'pglite' | 'postgres', hasUsers: boolean): boolean {
  if (hasUsers || mode === 'never') return false
  return mode === 'always' || kind === 'pglite'
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return (row?.n ?? 0) > 0
}

/** Writes the demo data (the core's, then each module's seed hook); returns how many users it created. */
export async function seedDemo(
  db: Db,
  deps: { passwords: PasswordHasher; clock: Clock },
  modules: readonly ServerModule[],
): Promise<number> {
  // scrypt is slow at full strength: one hash shared by every demo user (each still gets a valid salted hash).
  const password_hash = await deps.passwords.hash(DEMO_PASSWORD)
  const created_at = new Date(deps.clock.now())

  return db.transaction(async tx => {
    const [head, callCenter] = await tx
      .insert(offices)
      .values([
        { name: 'Москва, центральный офис', created_at },
        { name: 'Колл-центр, Казань', created_at },
      ])
      .returning({ id: offices.id })
    const officeIds = { head: head?.id ?? null, callCenter: callCenter?.id ?? null }

    const rows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map(u => ({
          phone: demoPhone(u.suffix),
          password_hash,
          full_name: u.full_name,
          email: `demo${u.suffix}@example.com`,
          role: u.role,
          office_id: u.office ? officeIds[u.office] : null,
          tender_service: u.tender ?? false,
          sip_code: u.sip ?? null,
          sip_password: u.sip ? demoSipPassword(u.sip) : null,
          created_at,
        })),
      )
      .returning({ id: users.id, phone: users.phone })
    const idOf = (suffix: string) => rows.find(r => r.phone === demoPhone(suffix))?.id ?? null

    // Checksum-valid made-up numbers: the first client lands on /bids; the second has entered no company yet, as
    // after registration, and lands on /company to enter it.
    await tx.insert(companies).values([
      {
        owner_user_id: idOf('0010'),
        agent_user_id: idOf('0030'),
        inn: '7700123459',
        ogrn: '1027700123450',
        kpp: '770001001',
        short_name: 'ООО «Ромашка»',
        full_name: 'Общество с ограниченной ответственностью «Ромашка»',
        created_at,
      },
    ])
    const notificationTypes = collectNotificationTypes(modules)
    for (const module of modules) await module.seed?.(tx, { clock: deps.clock, userId: idOf, notificationTypes })
    return rows.length
  })
}
