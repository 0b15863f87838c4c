import { asFailure } from '../../core/api/client'
import type { Failure } from '../../core/api/envelope'
import type { Bus } from '../../core/bus/bus'
import type { CommandContext, CommandHandlers } from '../../core/bus/commands'
import { TOAST_PRESET } from '../../core/toast/toast'
import type { Remote } from '../../core/data/remote'
import type {
  BankAccountFormInput,
  Company,
  CompanyFormInput,
  CompanySearchItem,
  DocumentFormInput,
  FileInfo,
  FinancialsFormInput,
  Individual,
  IndividualFormInput,
  LicenceFormInput,
  OwnerFormInput,
  PersonFormInput,
  PublicLinkDays,
  PublicLinkKind,
} from './contract'
import { clientsApi } from './paths'
import {
  bankByBik,
  companiesList,
  individual,
  individualsList,
  publicView,
  sections,
  type CompanyListQuery,
  type IndividualListQuery,
  type ListSectionKey,
  type PublicQuery,
  type SectionKey,
  type SectionQuery,
} from './remotes'
import { saveBlob } from '../../core/api/save-blob'

declare module '../../core/bus/commands' {
  interface CommandMap {
    'clients/loadCompanies': CompanyListQuery
    /** Looks a BIK up in the bank directory (the bank-details form fills the bank's name and correspondent account). */
    'clients/lookUpBank': { bik: string }
    'clients/loadIndividuals': IndividualListQuery
    /** Downloads the server's XLSX of "My companies" with the list's filters. */
    'clients/exportCompanies': { q: string; kind?: 'legal' | 'sole' }

    'clients/openCompany': { companyId: number }
    'clients/loadSection': { companyId: number; section: SectionKey }
    /** `own`: a client entering its own company for the first time (registration leaves it none). */
    'clients/createCompany': { form: CompanyFormInput; own?: boolean }
    'clients/saveCompany': { companyId: number; form: CompanyFormInput }
    'clients/deleteCompany': { companyId: number }
    'clients/savePerson': { companyId: number; id: number | null; form: PersonFormInput }
    'clients/saveOwner': { companyId: number; id: number | null; form: OwnerFormInput }
    'clients/saveBankAccount': { companyId: number; id: number | null; form: BankAccountFormInput }
    'clients/setMainAccount': { companyId: number; id: number }
    'clients/saveFinancials': { companyId: number; form: FinancialsFormInput }
    'clients/saveDocument': { companyId: number; form: DocumentFormInput }
    'clients/saveLicence': { companyId: number; id: number | null; form: LicenceFormInput }
    /** Deletes a record of a section (a public link is revoked). */
    'clients/removeRecord': { companyId: number; section: ListSectionKey; id: number }
    'clients/createPublicLink': { companyId: number; kind: PublicLinkKind; days?: PublicLinkDays }

    /** What the user typed into the company search; the search process decides when to ask. */
    'clients/searchCompany': { query: string }
    /** Asks the registry now, cancelling a request still running. */
    'clients/runSearch': { query: string }
    'clients/clearSearch': Record<string, never>

    /** Uploads a file to the company with a progress bar; `uploadId` names it in $uploads. */
    'clients/uploadFile': { companyId: number; uploadId: string; file: File }
    'clients/discardUpload': { uploadId: string }
    'clients/downloadFile': { companyId: number; fileId: number; name: string }

    'clients/loadIndividual': { id: number }
    'clients/saveIndividual': { id: number | null; form: IndividualFormInput }
    'clients/deleteIndividual': { id: number }

    'clients/loadPublic': PublicQuery
  }
}

/** Form keys: one per form on screen, so each shows its own saving state and failure. */
export const formKey = (section: SectionKey | 'individual', id: number | null): string => `${section}:${id ?? 'new'}`

const GENERIC_ERROR = 'clients:errors.generic'

const removePath: { [K in ListSectionKey]: (companyId: number, id: number) => string } = {
  persons: clientsApi.personDelete,
  owners: clientsApi.ownerDelete,
  bankAccounts: clientsApi.bankAccountDelete,
  financials: clientsApi.financialsDelete,
  documents: clientsApi.documentDelete,
  licences: clientsApi.licenceDelete,
  publicLinks: clientsApi.publicLinkRevoke,
}

/** A save answers with the record as the server now has it: the record's store takes it (when it shows that record). */
function answered<Q, T>(ctx: CommandContext, store: Remote<Q, T>, query: Q, data: T): void {
  ctx.bus.emit('remote/loaded', { key: store.key, query, data }, 'api')
}

/**
 * One save of a form: `formSaving`, the request (quiet: the form shows the failure beside what was typed,
 * which stays), then `formSaved` or `formFailed`. Returns the answer or null.
 */
async function save<T extends { id: number }>(
  ctx: CommandContext,
  form: string,
  companyId: number | null,
  section: SectionKey | 'individual',
  request: () => Promise<T>,
): Promise<T | null> {
  ctx.bus.emit('clients/formSaving', { form }, ctx.source)
  try {
    const saved = await request()
    ctx.bus.emit('clients/formSaved', { form, companyId, section, id: saved.id }, 'api')
    return saved
  } catch (error) {
    ctx.bus.emit('clients/formFailed', { form, failure: asFailure(error) }, 'api')
    return null
  }
}

/** After a record of a list section changed, the list is read again (the server may have changed others: main account, shares). */
async function saveInSection<T extends { id: number }>(
  ctx: CommandContext,
  companyId: number,
  section: ListSectionKey,
  id: number | null,
  request: () => Promise<T>,
  toast: 'saved' | 'financialsUpdated' = 'saved',
): Promise<void> {
  const saved = await save(ctx, formKey(section, id), companyId, section, request)
  if (!saved) return
  if (toast === 'financialsUpdated') ctx.toast({ ...TOAST_PRESET.financialsUpdated, text: 'clients:toast.financialsUpdated' })
  else ctx.toast({ kind: 'success', text: 'clients:toast.saved' })
  await ctx.dispatch('clients/loadSection', { companyId, section })
}

/** The search in flight per runtime: a newer input aborts it (SPEC §7). */
const searches = new WeakMap<Bus, AbortController>()

/** Upload progress is reported in steps of at least 2 % (plus the end), not on every network callback. */
const PROGRESS_STEP = 0.02

export const clientsCommands: CommandHandlers = {
  'clients/loadCompanies': companiesList.load,
  'clients/lookUpBank': bankByBik.load,
  'clients/loadIndividuals': individualsList.load,

  'clients/exportCompanies': async ({ q, kind }, ctx) => {
    ctx.bus.emit('clients/exportStarted', {}, ctx.source)
    const searchParams: Record<string, string> = {}
    if (q) searchParams.q = q
    if (kind) searchParams.kind = kind
    try {
      const { blob, name } = await ctx.api.download(clientsApi.companiesExport, { searchParams, quiet: true })
      const fileName = name ?? 'companies.xlsx'
      saveBlob(blob, fileName)
      ctx.bus.emit('clients/exportFinished', { name: fileName, size: blob.size }, 'api')
    } catch (error) {
      ctx.bus.emit('clients/exportFailed', { failure: asFailure(error) }, 'api')
    }
  },

  'clients/openCompany': ({ companyId }, ctx) => void ctx.bus.emit('clients/companyOpened', { companyId }, ctx.source),

  'clients/loadSection': ({ companyId, section }, ctx) => (sections[section] as Remote<SectionQuery, unknown>).load({ companyId }, ctx),

  'clients/createCompany': async ({ form, own = false }, ctx) => {
    const company = await save(ctx, formKey('company', null), null, 'company', () => ctx.api.post<Company>(clientsApi.companies, form, { quiet: true }))
    if (!company) return
    ctx.toast({ ...TOAST_PRESET.companyUpdated, text: 'clients:toast.companyCreated' })
    if (own) {
      // The cabinet's company screen now has its company: it shows the card in place of the empty form.
      answered(ctx, sections.company, { companyId: company.id }, company)
      const { id, inn, ogrn, short_name, full_name } = company
      ctx.bus.emit('auth/ownCompanyCreated', { company: { id, inn, ogrn, short_name, full_name } }, 'api')
      return
    }
    ctx.bus.emit('app/navigationRequested', { to: `/clients/${company.id}`, replace: true }, 'api')
  },

  'clients/saveCompany': async ({ companyId, form }, ctx) => {
    const company = await save(ctx, formKey('company', companyId), companyId, 'company', () =>
      ctx.api.post<Company>(clientsApi.company(companyId), form, { quiet: true }),
    )
    if (!company) return
    ctx.toast({ ...TOAST_PRESET.companyUpdated, text: 'clients:toast.companyUpdated' })
    answered(ctx, sections.company, { companyId }, company)
    const { id, inn, ogrn, short_name, full_name } = company
    ctx.bus.emit('auth/companyChanged', { company: { id, inn, ogrn, short_name, full_name } }, 'api')
  },

  'clients/deleteCompany': async ({ companyId }, ctx) => {
    try {
      await ctx.api.post(clientsApi.companyDelete(companyId))
      ctx.toast({ kind: 'success', text: 'clients:toast.companyDeleted' })
      ctx.bus.emit('app/navigationRequested', { to: '/clients', replace: true }, 'api')
    } catch (error) {
      ctx.bus.emit('clients/removeFailed', { companyId, section: 'company', id: companyId, failure: asFailure(error) }, 'api')
    }
  },

  'clients/savePerson': ({ companyId, id, form }, ctx) =>
    saveInSection(ctx, companyId, 'persons', id, () =>
      ctx.api.post<{ id: number }>(id === null ? clientsApi.persons(companyId) : clientsApi.person(companyId, id), form, { quiet: true }),
    ),

  'clients/saveOwner': ({ companyId, id, form }, ctx) =>
    saveInSection(ctx, companyId, 'owners', id, () =>
      ctx.api.post<{ id: number }>(id === null ? clientsApi.owners(companyId) : clientsApi.owner(companyId, id), form, { quiet: true }),
    ),

  'clients/saveBankAccount': ({ companyId, id, form }, ctx) =>
    saveInSection(ctx, companyId, 'bankAccounts', id, () =>
      ctx.api.post<{ id: number }>(id === null ? clientsApi.bankAccounts(companyId) : clientsApi.bankAccount(companyId, id), form, { quiet: true }),
    ),

  'clients/setMainAccount': ({ companyId, id }, ctx) =>
    saveInSection(ctx, companyId, 'bankAccounts', id, () =>
      ctx.api.post<{ id: number }>(clientsApi.bankAccountMain(companyId, id), undefined, { quiet: true }),
    ),

  'clients/saveFinancials': ({ companyId, form }, ctx) =>
    saveInSection(
      ctx,
      companyId,
      'financials',
      null,
      () => ctx.api.post<{ id: number }>(clientsApi.financials(companyId), form, { quiet: true }),
      'financialsUpdated',
    ),

  'clients/saveDocument': ({ companyId, form }, ctx) =>
    saveInSection(ctx, companyId, 'documents', null, () => ctx.api.post<{ id: number }>(clientsApi.documents(companyId), form, { quiet: true })),

  'clients/saveLicence': ({ companyId, id, form }, ctx) =>
    saveInSection(ctx, companyId, 'licences', id, () =>
      ctx.api.post<{ id: number }>(id === null ? clientsApi.licences(companyId) : clientsApi.licence(companyId, id), form, { quiet: true }),
    ),

  'clients/removeRecord': async ({ companyId, section, id }, ctx) => {
    try {
      await ctx.api.post(removePath[section](companyId, id), undefined, { quiet: true })
      ctx.bus.emit('clients/recordRemoved', { companyId, section, id }, 'api')
    } catch (error) {
      ctx.bus.emit('clients/removeFailed', { companyId, section, id, failure: asFailure(error) }, 'api')
      return
    }
    // Revoked links stay listed (revoked); a deleted main account hands "main" to another; shares change.
    if (section === 'publicLinks' || section === 'bankAccounts') await ctx.dispatch('clients/loadSection', { companyId, section })
  },

  'clients/createPublicLink': ({ companyId, kind, days }, ctx) =>
    saveInSection(ctx, companyId, 'publicLinks', null, () => ctx.api.post<{ id: number }>(clientsApi.publicLinks(companyId), { kind, ...(days ? { days } : {}) }, { quiet: true })),

  'clients/searchCompany': ({ query }, ctx) => void ctx.bus.emit('clients/searchTyped', { query }, ctx.source),

  'clients/runSearch': async ({ query }, ctx) => {
    searches.get(ctx.bus)?.abort()
    const controller = new AbortController()
    searches.set(ctx.bus, controller)
    ctx.bus.emit('clients/searchStarted', { query }, ctx.source)
    try {
      const items = await ctx.api.get<CompanySearchItem[]>(clientsApi.organizationSearch(query), { quiet: true, signal: controller.signal })
      ctx.bus.emit('clients/searchLoaded', { query, items }, 'api')
    } catch (error) {
      // A newer input replaced this request: nothing to report.
      if (controller.signal.aborted) return
      // SPEC §7: failures go to the error reporter (a toast; the api/failed event is in the log).
      const failure = asFailure(error)
      ctx.bus.emit('clients/searchFailed', { query, failure }, 'api')
      ctx.toast({ ...TOAST_PRESET.apiError, text: failure.message || 'clients:search.failed' })
    } finally {
      if (searches.get(ctx.bus) === controller) searches.delete(ctx.bus)
    }
  },

  'clients/clearSearch': (_, ctx) => {
    searches.get(ctx.bus)?.abort()
    ctx.bus.emit('clients/searchCleared', {}, ctx.source)
  },

  'clients/uploadFile': async ({ companyId, uploadId, file }, ctx) => {
    const name = file.name || 'file'
    ctx.bus.emit('clients/uploadStarted', { uploadId, companyId, name, size: file.size }, ctx.source)
    let reported = 0
    try {
      const info = await ctx.api.upload<FileInfo>(clientsApi.files(companyId), file, name, {
        quiet: true,
        onProgress(loaded, total) {
          const share = total > 0 ? loaded / total : 0
          if (share - reported < PROGRESS_STEP && share < 1) return
          reported = share
          ctx.bus.emit('clients/uploadProgressed', { uploadId, loaded, total }, 'api')
        },
      })
      ctx.bus.emit('clients/uploadFinished', { uploadId, file: info }, 'api')
    } catch (error) {
      const failure = asFailure(error)
      ctx.bus.emit('clients/uploadFailed', { uploadId, failure: failure.message ? failure : { ...failure, message: GENERIC_ERROR } }, 'api')
    }
  },

  'clients/discardUpload': ({ uploadId }, ctx) => void ctx.bus.emit('clients/uploadDiscarded', { uploadId }, ctx.source),

  'clients/downloadFile': async ({ companyId, fileId, name }, ctx) => {
    try {
      const { blob, name: served } = await ctx.api.download(clientsApi.file(companyId, fileId), { quiet: true })
      saveBlob(blob, served ?? name)
    } catch (error) {
      const failure: Failure = asFailure(error)
      ctx.toast({ ...TOAST_PRESET.apiError, text: failure.message || GENERIC_ERROR })
    }
  },

  'clients/loadIndividual': individual.load,

  'clients/saveIndividual': async ({ id, form }, ctx) => {
    const saved = await save(ctx, formKey('individual', id), null, 'individual', () =>
      ctx.api.post<Individual>(id === null ? clientsApi.individuals : clientsApi.individual(id), form, { quiet: true }),
    )
    if (!saved) return
    ctx.toast({ kind: 'success', text: 'clients:toast.saved' })
    answered(ctx, individual, { id: saved.id }, saved)
    if (id === null) ctx.bus.emit('app/navigationRequested', { to: `/physics/${saved.id}`, replace: true }, 'api')
  },

  'clients/deleteIndividual': async ({ id }, ctx) => {
    try {
      await ctx.api.post(clientsApi.individualDelete(id))
      ctx.toast({ kind: 'success', text: 'clients:toast.individualDeleted' })
      ctx.bus.emit('app/navigationRequested', { to: '/physics', replace: true }, 'api')
    } catch {
      // The api client showed the failure as a toast.
    }
  },

  'clients/loadPublic': publicView.load,
}
