import { useUnit } from 'effector-react'
import { useMemo } from 'react'
import styled from 'styled-components'
import { actorOf } from '../../../core/access'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { Badge } from '../../../core/ui/Badge'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { useLoad } from '../../../core/ui/list/useLoad'
import { formatPhone } from '../../../core/validation/phone'
import { seesKeepers } from '../access'
import type { CompanyListItem, IndividualListItem } from '../contract'
import { companiesPayload, individualsPayload, type KindFilter } from '../loads'
import { companiesList, individualsList } from '../remotes'
import { formatDate } from './view'

/**
 * The two server lists of the clients module on the list kit (core/ui/list): "My companies" (legal entities and
 * sole proprietors) and the individuals, each a page of rows with its loading, error, emptiness and pager. The
 * pages around them (./ClientsPage.tsx, ./IndividualsPage.tsx) keep the query in the URL.
 */

export { KINDS, PAGE_SIZE, type KindFilter } from '../loads'

const Total = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`

/** A phone under the contact's name, never broken across lines. */
const Nowrap = styled.span`
  display: block;
  white-space: nowrap;
`

/** Agents see only their own clients; whoever sees other agents' clients too is told whose each one is. */
function useSeesKeepers(): boolean {
  const profile = useUnit($profile)
  return profile !== null && seesKeepers(actorOf(profile))
}

export interface ListProps {
  q: string
  /** The page of an older link (`page=N`); 1 once paging by cursor. */
  page: number
  /** The keyset cursor of the page on screen (from the URL); null: the first page (or `page`). */
  cursor: string | null
  onCursor: (cursor: string) => void
}

/** "My companies", legal entities tab: the legal entities and sole proprietors in the viewer's scope. */
export function CompanyList({ q, kind, page, cursor, onCursor }: ListProps & { kind: KindFilter }) {
  const t = useT('clients')
  const state = useUnit(companiesList.$state)
  const reload = useLoad('clients/loadCompanies', companiesPayload({ page, q, kind, cursor }))
  const withAgent = useSeesKeepers()
  const columns = useMemo<DataColumn<CompanyListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('list.name'),
        cell: c => c.short_name || c.full_name || t('company.untitled'),
        // The client has a cabinet of their own (a client user owns the company).
        suffix: c => c.owner && <Badge tone="primary">{t('list.hasCabinet')}</Badge>,
        isRowHeader: true,
        minWidth: 176,
      },
      { id: 'inn', header: t('company.inn'), cell: c => c.inn ?? '—', nowrap: true },
      { id: 'ogrn', header: t('list.ogrn'), cell: c => c.ogrn ?? '—', nowrap: true },
      // "ИП" rather than "Индивидуальный предприниматель": the columns fit a laptop's 1366 px without scrolling.
      { id: 'kind', header: t('list.kindColumn'), cell: c => t(`list.kindShort.${c.kind}`), nowrap: true },
      { id: 'status', header: t('company.status'), cell: c => t(`catalogue.status.${c.status}`) },
      {
        id: 'contact',
        header: t('list.contact'),
        // One element: a card on a phone lays a cell's children out as label and value.
        cell: c =>
          c.contact_person_name || c.contact_person_phone ? (
            <span>
              {c.contact_person_name}
              {c.contact_person_phone && <Nowrap>{formatPhone(c.contact_person_phone)}</Nowrap>}
            </span>
          ) : (
            '—'
          ),
        minWidth: 144,
      },
      ...(withAgent ? [{ id: 'agent', header: t('list.agent'), cell: (c: CompanyListItem) => c.agent?.name ?? '—' }] : []),
      { id: 'added', header: t('list.added'), cell: c => formatDate(c.created_at.slice(0, 10)), nowrap: true },
    ],
    [t, withAgent],
  )
  const filtered = q !== '' || kind !== 'all'
  return (
    <CursorTable
      state={state}
      onCursor={onCursor}
      onRetry={reload}
      isFiltered={filtered}
      empty={filtered ? undefined : { title: t('list.noCompanies'), description: t('list.noCompaniesHint') }}
      failedTitle={t('loadFailed.companies')}
      header={data => (
        <Total>
          <SearchTotal page={data} q={q} similarText={t('list.similarNames', { q })} />
        </Total>
      )}
      aria-label={t('list.companiesTab')}
      data-testid="companies-table"
      columns={columns}
      rowHref={c => `/clients/${c.id}`}
    />
  )
}

/** Individuals: /physics and the individuals tab of "My companies". */
export function IndividualList({ q, page, cursor, onCursor }: ListProps) {
  const t = useT('clients')
  const state = useUnit(individualsList.$state)
  const reload = useLoad('clients/loadIndividuals', individualsPayload({ page, q, cursor }))
  const withAgent = useSeesKeepers()
  const columns = useMemo<DataColumn<IndividualListItem>[]>(
    () => [
      { id: 'name', header: t('person.fullName'), cell: p => p.full_name, isRowHeader: true, minWidth: 220 },
      { id: 'inn', header: t('person.inn'), cell: p => p.inn ?? '—', nowrap: true },
      { id: 'birthday', header: t('person.birthday'), cell: p => formatDate(p.birthday) ?? '—', nowrap: true },
      { id: 'phone', header: t('individual.phone'), cell: p => (p.phone ? formatPhone(p.phone) : '—'), nowrap: true },
      { id: 'email', header: t('individual.email'), cell: p => p.email ?? '—' },
      ...(withAgent ? [{ id: 'agent', header: t('list.agent'), cell: (p: IndividualListItem) => p.agent?.name ?? '—' }] : []),
    ],
    [t, withAgent],
  )
  return (
    <CursorTable
      state={state}
      onCursor={onCursor}
      onRetry={reload}
      isFiltered={q !== ''}
      empty={q ? undefined : { title: t('list.noIndividuals') }}
      failedTitle={t('loadFailed.individuals')}
      header={data => (
        <Total>
          <SearchTotal page={data} q={q} />
        </Total>
      )}
      aria-label={t('pages.physics')}
      data-testid="individuals-table"
      columns={columns}
      rowHref={p => `/physics/${p.id}`}
    />
  )
}
