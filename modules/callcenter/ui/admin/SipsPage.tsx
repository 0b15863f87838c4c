import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Button } from '../../../../core/ui/Button'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Row, Stack } from '../../../../core/ui/Stack'
import { Cell, Column, Row as TableRow, Table, TableBody, TableHeader } from '../../../../core/ui/Table'
import { TextField } from '../../../../core/ui/TextField'
import { $sips } from '../../model'
import { ListState, Pager } from './ListState'
import { NO_NATIVE_VALIDATION } from '../fields/errors'

const LIMIT = 20

/** /sips (SPEC §2: administrators): SIP accounts; their passwords are never shown back. */
export default function SipsPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const state = useUnit($sips)
  const [query, setQuery] = useState({ page: 1, limit: LIMIT, search: '' })
  const [search, setSearch] = useState('')
  const load = () => void dispatch('callcenter/loadSips', query)
  useEffect(load, [dispatch, query]) // eslint-disable-line react-hooks/exhaustive-deps

  const data = state.status === 'idle' ? null : state.data
  const items = data?.items ?? []
  const pages = data ? Math.max(1, Math.ceil(data.total / query.limit)) : 1
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages.sips')}
        description={data ? t('admin.total', { count: data.total }) : undefined}
        actions={
          <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/sips/add' })} data-testid="sip-add">
            {t('sips.add')}
          </Button>
        }
      />
      <Row as="form" {...NO_NATIVE_VALIDATION} role="search" gap="sm" align="flex-end" onSubmit={e => {
        e.preventDefault()
        setQuery(q => ({ ...q, page: 1, search: search.trim() }))
      }}>
        <TextField type="search" label={t('sips.search')} name="search" value={search} onChange={setSearch} />
        <Button type="submit">{t('admin.find')}</Button>
      </Row>
      <ListState state={state} count={items.length} emptyTitle={t(query.search ? 'sips.noneFound' : 'sips.empty')} onRetry={load}>
        <Table aria-label={t('pages.sips')} aria-busy={state.status === 'loading'}>
          <TableHeader>
            <Column isRowHeader>{t('sips.code')}</Column>
            <Column>{t('sips.name')}</Column>
            <Column>{t('sips.office')}</Column>
            <Column>{t('sips.user')}</Column>
          </TableHeader>
          <TableBody items={items}>
            {sip => (
              <TableRow id={sip.id}>
                <Cell>{sip.code}</Cell>
                <Cell>{sip.name}</Cell>
                <Cell>{sip.office_name ?? '—'}</Cell>
                <Cell>{sip.user ? <Link href={`/callers/${sip.user.id}`}>{sip.user.full_name}</Link> : t('sips.free')}</Cell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ListState>
      <Pager page={query.page} pages={pages} onPage={page => setQuery(q => ({ ...q, page }))} />
    </Stack>
  )
}
