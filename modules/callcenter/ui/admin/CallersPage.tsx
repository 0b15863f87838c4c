import { useUnit } from 'effector-react'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Badge } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Stack } from '../../../../core/ui/Stack'
import { Cell, Column, Row as TableRow, Table, TableBody, TableHeader } from '../../../../core/ui/Table'
import { formatPhone } from '../../../../core/validation/phone'
import { callersList } from '../../model'
import { ListState, Pager } from './ListState'
import { SearchBar, useSearchableList } from './searchableList'

/** /callers (SPEC §2, §3): call-center employees in the manager's scope, with search and paging. */
export default function CallersPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const state = useUnit(callersList.$state)
  const { query, load, data, items, pages, setPage, search } = useSearchableList('callcenter/loadCallers', state)
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages.callers')}
        description={data ? t('admin.total', { count: data.total }) : undefined}
        actions={
          <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/callers/add' })} data-testid="caller-add">
            {t('callers.add')}
          </Button>
        }
      />
      <SearchBar label={t('callers.search')} onSearch={search} />
      <ListState state={state} count={items.length} emptyTitle={t(query.search ? 'callers.noneFound' : 'callers.empty')} onRetry={load}>
        <Table aria-label={t('pages.callers')} aria-busy={state.status === 'loading'} onRowAction={key => void dispatch('app/navigate', { to: `/callers/${key}` })}>
          <TableHeader>
            <Column isRowHeader>{t('callers.fullName')}</Column>
            <Column>{t('callers.role')}</Column>
            <Column>{t('callers.phone')}</Column>
            <Column>{t('callers.email')}</Column>
            <Column>{t('callers.office')}</Column>
            <Column>{t('callers.sip')}</Column>
            <Column>{t('callers.status')}</Column>
          </TableHeader>
          <TableBody items={items}>
            {caller => (
              <TableRow id={caller.id}>
                <Cell>
                  <Link href={`/callers/${caller.id}`}>{caller.full_name}</Link>
                </Cell>
                <Cell>{t(`roles.${caller.role}`)}</Cell>
                <Cell>{formatPhone(caller.phone)}</Cell>
                <Cell>{caller.email ?? '—'}</Cell>
                <Cell>{caller.office_name ?? '—'}</Cell>
                <Cell>{caller.sip ?? '—'}</Cell>
                <Cell>
                  <Badge tone={caller.enabled ? 'success' : 'neutral'}>{t(caller.enabled ? 'callers.enabled' : 'callers.disabled')}</Badge>
                </Cell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ListState>
      <Pager page={query.page} pages={pages} onPage={setPage} />
    </Stack>
  )
}
