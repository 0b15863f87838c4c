import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { formatPhone } from '../../../core/validation/phone'
import { $agents, type AgentListQuery } from '../model'
import { Table } from './Table'

const LIMIT = 20

/** /agents: agents and agent managers with their office and how many clients they keep. */
export default function AgentsPage() {
  const t = useT('agents')
  const dispatch = useDispatch()
  const state = useUnit($agents)
  const [query, setQuery] = useState<AgentListQuery>({ page: 1, limit: LIMIT, q: '' })
  const [text, setText] = useState('')
  const load = () => void dispatch('agents/loadList', query)
  useEffect(load, [dispatch, query]) // eslint-disable-line react-hooks/exhaustive-deps

  const page = state.page.data
  const pages = page ? Math.max(1, Math.ceil(page.total / query.limit)) : 1
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.list')} description={page ? t('total', { count: page.total }) : undefined} />
      <Row
        as="form"
        role="search"
        gap="sm"
        align="flex-end"
        onSubmit={e => {
          e.preventDefault()
          setQuery(q => ({ ...q, page: 1, q: text.trim() }))
        }}
      >
        <TextField type="search" name="q" label={t('search')} value={text} onChange={setText} />
        <Button type="submit">{t('find')}</Button>
      </Row>
      {state.page.status === 'failed' && <ErrorState title={t('loadFailed')} message={state.page.failure.message} retryLabel={t('retry')} onRetry={load} />}
      {!page && state.page.status !== 'failed' && <GlobalLoader aria-label={t('loading')} />}
      {page && page.items.length === 0 && <EmptyState title={t(query.q ? 'noneFound' : 'none')} />}
      {page && page.items.length > 0 && (
        <Table data-testid="agents-table" aria-busy={state.page.status === 'loading' || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('fullName')}</th>
              <th scope="col">{t('role')}</th>
              <th scope="col">{t('phone')}</th>
              <th scope="col">{t('email')}</th>
              <th scope="col">{t('office')}</th>
              <th scope="col">{t('companies')}</th>
              <th scope="col">{t('individuals')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map(agent => (
              <tr key={agent.id}>
                <th scope="row">
                  <Link href={`/agents/${agent.id}`}>{agent.full_name}</Link>
                </th>
                <td>{t(`shell:roles.${agent.role}`)}</td>
                <td>{formatPhone(agent.phone)}</td>
                <td>{agent.email ?? '—'}</td>
                <td>{agent.office?.name ?? '—'}</td>
                <td className="num">{agent.companies_count}</td>
                <td className="num">{agent.individuals_count}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {pages > 1 && (
        <Row as="nav" aria-label={t('paging')} gap="sm">
          <Button size="sm" isDisabled={query.page <= 1} onPress={() => setQuery(q => ({ ...q, page: q.page - 1 }))}>
            {t('prev')}
          </Button>
          <span aria-live="polite">{t('pageOf', { page: query.page, pages })}</span>
          <Button size="sm" isDisabled={query.page >= pages} onPress={() => setQuery(q => ({ ...q, page: q.page + 1 }))}>
            {t('next')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}
