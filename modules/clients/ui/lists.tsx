import { useUnit } from 'effector-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { $profile } from '../../../core/auth/model'
import { ROLE } from '../../../core/auth/profile'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Badge } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { formatPhone } from '../../../core/validation/phone'
import { companiesList, individualsList, type CompanyListQuery, type IndividualListQuery, type Shown } from '../remotes'
import type { Page } from '../contract'
import { DataTable, TableScroll } from './tables'
import { Loaded } from './states'
import { formatDate } from './view'

export const PAGE_SIZE = 20

export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const t = useT('clients')
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    <Row
      as="form"
      role="search"
      gap="sm"
      align="flex-end"
      onSubmit={e => {
        e.preventDefault()
        onSearch(text.trim())
      }}
    >
      <TextField type="search" name="q" label={label} value={text} onChange={setText} />
      <Button type="submit">{t('list.find')}</Button>
      {value && (
        <Button variant="ghost" onPress={() => onSearch('')}>
          {t('list.reset')}
        </Button>
      )}
    </Row>
  )
}

export function Pager({ page, total, limit, onPage }: { page: number; total: number; limit: number; onPage: (page: number) => void }) {
  const t = useT('clients')
  const pages = Math.max(1, Math.ceil(total / limit))
  if (pages <= 1) return null
  return (
    <Row as="nav" aria-label={t('list.paging')} gap="sm">
      <Button size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('list.prev')}
      </Button>
      <span aria-live="polite">{t('list.pageOf', { page, pages })}</span>
      <Button size="sm" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t('list.next')}
      </Button>
    </Row>
  )
}

/** A list's loading, failure with retry, and emptiness (searched or not). */
function ListBody<T>({ state, failedTitle, onRetry, empty, children }: {
  state: Shown<Page<T>>
  failedTitle: string
  onRetry: () => void
  empty: ReactNode
  children: (page: Page<T>) => ReactNode
}) {
  return (
    <Loaded state={state} failedTitle={failedTitle} onRetry={onRetry}>
      {page => (page.items.length === 0 ? empty : children(page))}
    </Loaded>
  )
}

/** "My companies", legal entities tab: legal entities and sole proprietors in the viewer's scope. */
export function CompanyList({ query, onQuery }: { query: CompanyListQuery; onQuery: (q: CompanyListQuery) => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const state = useUnit(companiesList.$state)
  const profile = useUnit($profile)
  const load = () => void dispatch('clients/loadCompanies', query)
  useEffect(load, [dispatch, JSON.stringify(query)]) // eslint-disable-line react-hooks/exhaustive-deps
  const showAgent = profile?.role === ROLE.admin || profile?.role === ROLE.agentManager

  return (
    <Stack gap="md">
      <Row gap="md" wrap align="flex-end">
        <SearchBox label={t('list.searchCompanies')} value={query.q} onSearch={q => onQuery({ ...query, q, page: 1 })} />
        <Row role="group" aria-label={t('list.kindFilter')} gap="xs">
          {(['all', 'legal', 'sole'] as const).map(kind => {
            const selected = (query.kind ?? 'all') === kind
            return (
              <Button
                key={kind}
                size="sm"
                variant={selected ? 'primary' : 'ghost'}
                aria-pressed={selected}
                onPress={() => onQuery({ ...query, page: 1, ...(kind === 'all' ? { kind: undefined } : { kind }) })}
              >
                {t(`list.kind.${kind}`)}
              </Button>
            )
          })}
        </Row>
      </Row>
      <ListBody
        state={state}
        failedTitle={t('loadFailed.companies')}
        onRetry={load}
        empty={<EmptyState title={t(query.q ? 'list.noneFound' : 'list.noCompanies')} description={query.q ? undefined : t('list.noCompaniesHint')} />}
      >
        {page => (
          <Stack gap="md">
            <p aria-live="polite">{t('list.total', { count: page.total })}</p>
            <TableScroll>
              <DataTable data-testid="companies-table" aria-busy={state.status === 'loading' || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t('list.name')}</th>
                    <th scope="col">{t('company.inn')}</th>
                    <th scope="col">{t('list.ogrn')}</th>
                    <th scope="col">{t('list.kindColumn')}</th>
                    <th scope="col">{t('company.status')}</th>
                    <th scope="col">{t('list.contact')}</th>
                    {showAgent && <th scope="col">{t('list.agent')}</th>}
                    <th scope="col">{t('list.added')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map(c => (
                    <tr key={c.id}>
                      <th scope="row">
                        <Link href={`/clients/${c.id}`}>{c.short_name || c.full_name || t('company.untitled')}</Link>
                        {c.owner && (
                          <>
                            {' '}
                            <Badge tone="primary">{t('list.hasCabinet')}</Badge>
                          </>
                        )}
                      </th>
                      <td>{c.inn ?? '—'}</td>
                      <td>{c.ogrn ?? '—'}</td>
                      <td>{t(`catalogue.kind.${c.kind}`)}</td>
                      <td>{t(`catalogue.status.${c.status}`)}</td>
                      <td>
                        {c.contact_person_name ?? ''}
                        {c.contact_person_phone ? <div>{formatPhone(c.contact_person_phone)}</div> : null}
                      </td>
                      {showAgent && <td>{c.agent?.name ?? '—'}</td>}
                      <td>{formatDate(c.created_at.slice(0, 10))}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
            <Pager page={query.page} total={page.total} limit={query.limit} onPage={p => onQuery({ ...query, page: p })} />
          </Stack>
        )}
      </ListBody>
    </Stack>
  )
}

/** Individuals (/physics and the "individuals" tab of My companies). */
export function IndividualList({ query, onQuery }: { query: IndividualListQuery; onQuery: (q: IndividualListQuery) => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const state = useUnit(individualsList.$state)
  const profile = useUnit($profile)
  const load = () => void dispatch('clients/loadIndividuals', query)
  useEffect(load, [dispatch, JSON.stringify(query)]) // eslint-disable-line react-hooks/exhaustive-deps
  const showAgent = profile?.role === ROLE.admin || profile?.role === ROLE.agentManager
  return (
    <Stack gap="md">
      <SearchBox label={t('list.searchIndividuals')} value={query.q} onSearch={q => onQuery({ ...query, q, page: 1 })} />
      <ListBody
        state={state}
        failedTitle={t('loadFailed.individuals')}
        onRetry={load}
        empty={<EmptyState title={t(query.q ? 'list.noneFound' : 'list.noIndividuals')} />}
      >
        {page => (
          <Stack gap="md">
            <p aria-live="polite">{t('list.total', { count: page.total })}</p>
            <TableScroll>
              <DataTable data-testid="individuals-table">
                <thead>
                  <tr>
                    <th scope="col">{t('person.fullName')}</th>
                    <th scope="col">{t('person.inn')}</th>
                    <th scope="col">{t('person.birthday')}</th>
                    <th scope="col">{t('individual.phone')}</th>
                    <th scope="col">{t('individual.email')}</th>
                    {showAgent && <th scope="col">{t('list.agent')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {page.items.map(p => (
                    <tr key={p.id}>
                      <th scope="row">
                        <Link href={`/physics/${p.id}`}>{p.full_name}</Link>
                      </th>
                      <td>{p.inn ?? '—'}</td>
                      <td>{formatDate(p.birthday) ?? '—'}</td>
                      <td>{p.phone ? formatPhone(p.phone) : '—'}</td>
                      <td>{p.email ?? '—'}</td>
                      {showAgent && <td>{p.agent?.name ?? '—'}</td>}
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
            <Pager page={query.page} total={page.total} limit={query.limit} onPage={p => onQuery({ ...query, page: p })} />
          </Stack>
        )}
      </ListBody>
    </Stack>
  )
}
