import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { ROLE } from '../../../core/auth/profile'
import { companies, offices } from '../../../server/db/schema'
import type { TestContext } from '../../../server/testing/harness'

/** A throw-away DATA_DIR so uploads in tests never land in ./data. */
export const testDataDir = (): string => mkdtempSync(join(tmpdir(), 'clients-test-'))

export interface Actor {
  id: number
  token: string
}

/** One user per role the visibility rule names, with offices: agent and manager share office A; agent B is elsewhere. */
export interface Cast {
  clientA: Actor
  clientB: Actor
  agentA: Actor
  agentB: Actor
  /** An agent without an office. */
  agentC: Actor
  manager: Actor
  admin: Actor
  bank: Actor
  verifier: Actor
  callCenter: Actor
  officeA: number
  officeB: number
  /** Companies: the two clients' own (registered, empty) and one kept by each agent. */
  companyOfClientA: number
  companyOfClientB: number
}

export async function cast(ctx: TestContext): Promise<Cast> {
  const now = new Date(ctx.clock.now())
  const [a, b] = await ctx.db
    .insert(offices)
    .values([
      { name: 'Офис А', created_at: now },
      { name: 'Офис Б', created_at: now },
    ])
    .returning({ id: offices.id })
  const officeA = a!.id
  const officeB = b!.id
  const make = async (role: number, office: number | null = null, full_name = `Пользователь ${role}`): Promise<Actor> => {
    const user = await ctx.createUser({ role, office_id: office, full_name })
    return { id: user.id, token: await ctx.signIn(user.phone, user.password) }
  }
  const clientA = await make(ROLE.client, null, 'Клиент Альфа')
  const clientB = await make(ROLE.client, null, 'Клиент Бета')
  const agentA = await make(ROLE.agent, officeA, 'Агент Анна')
  const agentB = await make(ROLE.agent, officeB, 'Агент Борис')
  const agentC = await make(ROLE.agent, null, 'Агент Виктор')
  const manager = await make(ROLE.agentManager, officeA, 'Менеджер Мария')
  const admin = await make(ROLE.admin, null, 'Администратор')
  const bank = await make(ROLE.bank)
  const verifier = await make(ROLE.verifier)
  const callCenter = await make(ROLE.callCenter)
  const [ca, cb] = await ctx.db
    .insert(companies)
    .values([
      { owner_user_id: clientA.id, agent_user_id: agentA.id, created_at: now },
      { owner_user_id: clientB.id, agent_user_id: agentB.id, created_at: now },
    ])
    .returning({ id: companies.id })
  return { clientA, clientB, agentA, agentB, agentC, manager, admin, bank, verifier, callCenter, officeA, officeB, companyOfClientA: ca!.id, companyOfClientB: cb!.id }
}

/** Real, check-digit-valid identifiers (Sberbank; an FNS sample sole proprietor). */
export const LEGAL = { kind: 'legal', inn: '7707083893', ogrn: '1027700132195', kpp: '773601001', short_name: 'ПАО Сбербанк', full_name: 'Публичное акционерное общество «Сбербанк России»' }
export const SOLE = { kind: 'sole', inn: '500100732259', ogrn: '304500116000157', short_name: 'ИП Иванов И. И.' }

export async function createCompany(ctx: TestContext, token: string, body: Record<string, unknown> = LEGAL): Promise<number> {
  const res = await ctx.call('POST', '/api/v1/companies', token, body)
  if (res.statusCode !== 200) throw new Error(`company not created: ${res.body}`)
  return res.json().data.id as number
}

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipart(file: { name: string; content: Buffer | string; type?: string; field?: string }, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----clients${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  )
  parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content))
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export async function upload(
  ctx: TestContext,
  token: string | null,
  companyId: number,
  file: { name: string; content: Buffer | string; type?: string; field?: string },
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart(file)
  return ctx.app.inject({ method: 'POST', url: `/api/v1/companies/${companyId}/files`, payload, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } })
}

/** A tiny but well-formed PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
