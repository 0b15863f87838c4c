import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../../server/db/client'
import { companies } from '../../../server/db/schema'
import type { DemoSeed } from '../../../server/module'
import { DOCUMENT_KIND, PERSON_TYPE } from '../rules/catalogues'
import { completeInn, completeOgrn } from '../rules/checksums'
import {
  bankAccounts,
  companyDetails,
  companyDocuments,
  companyFiles,
  financialPeriods,
  individuals,
  licences,
  owners,
  registryOrganizations,
  responsiblePersons,
} from '../tables'
import { addYears } from './persons'
import { upsertBanks } from './banks/directory'
import { BANKS, between, fullName, organizations, passport, person, personInn, phone11, pick, prng, settlementAccount, snils, type Rand } from './seed-data'
import { sampleFacts, sampleKey } from './storage'

/** How many organisations the local registry gets. */
export const REGISTRY_SIZE = 400
/** Demo companies per agent (0030 agent with an office, 0031 without, 0035 manager), taken from the registry. */
const AGENT_COMPANIES: Record<string, number> = { '0030': 14, '0031': 5, '0035': 6 }
const AGENT_INDIVIDUALS: Record<string, number> = { '0030': 8, '0031': 3, '0035': 4 }

/**
 * The clients module's demo data (server/seed.ts runs it in the core seed's transaction): the registry, the
 * first demo client's company filled in completely (every section; its completeness is 100), companies and
 * individuals for the demo agents. The second demo client keeps its empty company (it lands on /company).
 */
export async function seedClients(db: Db, demo: DemoSeed): Promise<void> {
  const now = new Date(demo.clock.now())
  const rand = prng(20240816)
  const registry = organizations(5, REGISTRY_SIZE)
  // The demo banks in the bank directory, so their BIK fills the bank-details form (a real directory: import:bik).
  await upsertBanks(db, demo.clock, BANKS.map(b => ({ bik: b.bik, name: b.name, correspondent_account: b.corr, city: 'Москва' })))

  for (let i = 0; i < registry.length; i += 100) {
    await db.insert(registryOrganizations).values(registry.slice(i, i + 100).map(({ legal_form: _lf, ...org }) => org))
  }

  const client = demo.userId('0010')
  if (client !== null) {
    const [own] = await db.select({ id: companies.id }).from(companies).where(eq(companies.owner_user_id, client)).orderBy(asc(companies.id)).limit(1)
    if (own) await fillDemoCompany(db, own.id, now, rand)
  }

  let next = 0
  for (const [suffix, n] of Object.entries(AGENT_COMPANIES)) {
    const agent = demo.userId(suffix)
    if (agent === null) continue
    for (const org of registry.slice(next, next + n)) await agentCompany(db, agent, org, now, rand)
    next += n
  }

  for (const [suffix, n] of Object.entries(AGENT_INDIVIDUALS)) {
    const agent = demo.userId(suffix)
    if (agent === null) continue
    await db.insert(individuals).values(Array.from({ length: n }, () => individual(rand, agent, now)))
  }
}

/** ООО «Ромашка» of the first demo client: every section filled, so the header bar shows 100. */
async function fillDemoCompany(db: Db, companyId: number, now: Date, rand: Rand): Promise<void> {
  const office = { city: 'Москва', zipcode: '123112', street: 'Пресненская наб.', house: '12', office: 'оф. 405' }
  await db.insert(companyDetails).values({
    company_id: companyId,
    kind: 'legal',
    okpo: '57972160',
    okved: '41.20',
    organization_type: 1,
    tax_system: 1,
    legal_form: 3,
    legal_address: office,
    postal_address: office,
    contact_person_name: 'Иванов Иван Иванович',
    contact_person_phone: '77001000010',
    site: 'https://romashka.example',
    bidder_email: 'tender@romashka.example',
    creation_date: '2002-08-14',
    registration_certificate: '77 № 004512398',
    purpose: 'Строительство жилых и нежилых зданий, ремонт и реконструкция',
    registering_body: 'Межрайонная инспекция ФНС России № 46 по г. Москве',
    registration_place: 'г. Москва',
    status: 'active',
    updated_at: now,
  })

  const common = { company_id: companyId, citizenship: '643', document_type: 1, created_at: now, updated_at: now }
  await db.insert(responsiblePersons).values([
    {
      ...common,
      type: PERSON_TYPE.head,
      position: 'Генеральный директор',
      last_name: 'Иванов',
      first_name: 'Иван',
      middle_name: 'Иванович',
      birthday: '1978-04-12',
      birthplace: 'г. Москва',
      inn: completeInn('7705123456'),
      snils: '11223344595',
      registration_address: 'г. Москва, ул. Большая Ордынка, д. 21, кв. 14',
      document_series: '4512',
      document_number: '345678',
      document_issue_date: '2015-05-20',
      document_issuer: 'ОУФМС России по г. Москве по району Якиманка',
      subdivision_code: '770001',
      assigned_at: '2021-06-01',
      term_years: 5,
      assigned_to: addYears('2021-06-01', 5),
      is_founder: true,
      share: 60,
    },
    {
      ...common,
      type: PERSON_TYPE.chiefAccountant,
      position: 'Главный бухгалтер',
      last_name: 'Смирнова',
      first_name: 'Ольга',
      middle_name: 'Петровна',
      birthday: '1983-11-02',
      birthplace: 'г. Тула',
      inn: completeInn('7106543210'),
      snils: snils(rand),
      registration_address: 'г. Москва, Варшавское ш., д. 87, кв. 203',
      document_series: '7004',
      document_number: '112233',
      document_issue_date: '2019-03-11',
      document_issuer: 'ГУ МВД России по г. Москве',
      subdivision_code: '770045',
      assigned_at: '2022-01-10',
      term_years: 3,
      assigned_to: addYears('2022-01-10', 3),
      is_founder: false,
      share: null,
    },
  ])

  await db.insert(owners).values([
    { company_id: companyId, kind: 'individual', name: 'Иванов Иван Иванович', inn: completeInn('7705123456'), ogrn: null, share: 60, created_at: now },
    { company_id: companyId, kind: 'legal', name: 'ООО «Ромашка Холдинг»', inn: completeInn('770512345'), ogrn: completeOgrn('115774612345'), share: 40, created_at: now },
  ])

  const [sber, alfa] = [BANKS[0], BANKS[2]]
  await db.insert(bankAccounts).values([
    { company_id: companyId, bank_name: sber.name, bik: sber.bik, correspondent_account: sber.corr, settlement_account: settlementAccount(rand, sber.bik), is_main: true, created_at: now },
    { company_id: companyId, bank_name: alfa.name, bik: alfa.bik, correspondent_account: alfa.corr, settlement_account: settlementAccount(rand, alfa.bik), is_main: false, created_at: now },
  ])

  await db.insert(financialPeriods).values(
    [
      { year: 2022, quarter: 0, revenue: 184_350, net_profit: 12_870, total_assets: 96_410, current_assets: 71_230, equity: 38_920, long_term_liabilities: 15_000, short_term_liabilities: 42_490, receivables: 33_610, payables: 29_870 },
      { year: 2023, quarter: 0, revenue: 212_940, net_profit: 15_320, total_assets: 108_760, current_assets: 80_140, equity: 47_240, long_term_liabilities: 12_000, short_term_liabilities: 49_520, receivables: 38_900, payables: 34_110 },
      { year: 2024, quarter: 0, revenue: 247_180, net_profit: 18_460, total_assets: 121_530, current_assets: 90_870, equity: 56_700, long_term_liabilities: 10_000, short_term_liabilities: 54_830, receivables: 41_260, payables: 37_950 },
      { year: 2025, quarter: 1, revenue: 58_920, net_profit: 4_110, total_assets: 124_900, current_assets: 93_400, equity: 60_810, long_term_liabilities: 9_000, short_term_liabilities: 55_090, receivables: 43_020, payables: 38_400 },
    ].map(p => ({ ...p, company_id: companyId, updated_at: now })),
  )

  const files = await db
    .insert(companyFiles)
    .values(
      (
        [
          ['passport-copy.pdf', 'Паспорт Иванова И. И.pdf'],
          ['enterprise-card.pdf', 'Карточка предприятия.pdf'],
          ['charter.pdf', 'Устав ООО Ромашка.pdf'],
          ['balance-sheet.pdf', 'Бухгалтерская отчётность 2024.pdf'],
          ['licence.pdf', 'Выписка из реестра СРО.pdf'],
        ] as const
      ).map(([sample, name]) => ({
        company_id: companyId,
        storage_key: sampleKey(sample),
        name,
        mime: 'application/pdf',
        ...sampleFacts(sample),
        uploaded_by: null,
        created_at: now,
      })),
    )
    .returning({ id: companyFiles.id, name: companyFiles.name })
  const fileId = (i: number) => files[i]!.id
  await db.insert(companyDocuments).values([
    { company_id: companyId, kind: DOCUMENT_KIND.passportCopy, name: 'Паспорт генерального директора', file_id: fileId(0), created_at: now },
    { company_id: companyId, kind: DOCUMENT_KIND.enterpriseCard, name: 'Карточка предприятия', file_id: fileId(1), created_at: now },
    { company_id: companyId, kind: DOCUMENT_KIND.charter, name: 'Устав', file_id: fileId(2), created_at: now },
    { company_id: companyId, kind: DOCUMENT_KIND.balanceSheet, name: 'Бухгалтерская отчётность за 2024 год', file_id: fileId(3), created_at: now },
  ])
  await db.insert(licences).values({
    company_id: companyId,
    kind: 'Членство в СРО (строительство)',
    number: 'СРО-С-123-26102009',
    issuer: 'Ассоциация «Строители Москвы»',
    activities: ['Строительство, реконструкция и капитальный ремонт объектов капитального строительства', 'Снос объектов капитального строительства'],
    issue_date: '2019-02-15',
    end_date: null,
    file_id: fileId(4),
    created_at: now,
  })
}

/** A company an agent keeps, from the registry, with some sections filled (as real data would be). */
async function agentCompany(db: Db, agentId: number, org: ReturnType<typeof organizations>[number], now: Date, rand: Rand): Promise<void> {
  const sole = org.inn.length === 12
  const contact = person(rand)
  const [row] = await db
    .insert(companies)
    .values({ agent_user_id: agentId, inn: org.inn, ogrn: org.ogrn, kpp: org.kpp, short_name: org.short_name, full_name: org.full_name, created_at: new Date(now.getTime() - between(rand, 1, 400) * 86_400_000) })
    .returning({ id: companies.id })
  const companyId = row!.id
  await db.insert(companyDetails).values({
    company_id: companyId,
    kind: sole ? 'sole' : 'legal',
    okpo: org.okpo,
    okved: org.okved,
    organization_type: sole ? null : 1,
    tax_system: rand() < 0.6 ? 1 : 2,
    legal_form: org.legal_form,
    legal_address: org.legal_address,
    postal_address: rand() < 0.7 ? org.legal_address : null,
    contact_person_name: fullName(contact),
    contact_person_phone: phone11(rand),
    site: rand() < 0.4 ? `https://${org.inn}.example` : null,
    bidder_email: `tender${org.inn.slice(-4)}@example.com`,
    creation_date: org.registration_date,
    registration_certificate: null,
    purpose: null,
    registering_body: rand() < 0.5 ? 'Межрайонная инспекция ФНС России' : null,
    registration_place: org.legal_address.city,
    status: org.status,
    updated_at: now,
  })
  if (rand() < 0.7) {
    const [last, first, middle] = org.head_name.split(' ')
    const doc = passport(rand)
    const assigned = `${between(rand, 2018, 2024)}-0${between(rand, 1, 9)}-1${between(rand, 0, 9)}`
    const term = sole ? null : pick(rand, [3, 5] as const)
    await db.insert(responsiblePersons).values({
      company_id: companyId,
      type: PERSON_TYPE.head,
      position: org.head_position,
      last_name: last ?? 'Иванов',
      first_name: first ?? 'Иван',
      middle_name: middle ?? null,
      citizenship: '643',
      inn: personInn(rand),
      document_type: 1,
      document_series: doc.series,
      document_number: doc.number,
      subdivision_code: doc.subdivision.replace('-', ''),
      assigned_at: sole ? null : assigned,
      term_years: term,
      assigned_to: term ? addYears(assigned, term) : null,
      is_founder: rand() < 0.5,
      share: null,
      created_at: now,
      updated_at: now,
    })
  }
  if (rand() < 0.6) {
    const bank = pick(rand, BANKS)
    await db.insert(bankAccounts).values({ company_id: companyId, bank_name: bank.name, bik: bank.bik, correspondent_account: bank.corr, settlement_account: settlementAccount(rand, bank.bik, sole), is_main: true, created_at: now })
  }
  if (rand() < 0.5) {
    const revenue = between(rand, 5_000, 900_000)
    await db.insert(financialPeriods).values({ company_id: companyId, year: 2024, quarter: 0, revenue, net_profit: Math.round(revenue * (rand() * 0.12 - 0.02)), updated_at: now })
  }
}

function individual(rand: Rand, agentId: number, now: Date): typeof individuals.$inferInsert {
  const p = person(rand)
  const doc = passport(rand)
  return {
    agent_user_id: agentId,
    last_name: p.last_name,
    first_name: p.first_name,
    middle_name: p.middle_name,
    birthday: `${between(rand, 1960, 2000)}-${String(between(rand, 1, 12)).padStart(2, '0')}-${String(between(rand, 1, 28)).padStart(2, '0')}`,
    birthplace: pick(rand, ['г. Москва', 'г. Санкт-Петербург', 'г. Казань', 'г. Екатеринбург', 'г. Самара']),
    citizenship: '643',
    inn: personInn(rand),
    snils: snils(rand),
    registration_address: 'г. Москва',
    document_type: 1,
    document_series: doc.series,
    document_number: doc.number,
    document_issue_date: `20${between(rand, 10, 23)}-0${between(rand, 1, 9)}-15`,
    document_issuer: 'ГУ МВД России по г. Москве',
    subdivision_code: doc.subdivision.replace('-', ''),
    phone: phone11(rand),
    email: `client${between(rand, 100, 999)}@example.com`,
    created_at: now,
    updated_at: now,
  }
}
