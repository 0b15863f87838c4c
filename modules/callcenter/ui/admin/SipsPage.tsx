import { useUnit } from 'effector-react'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Button } from '../../../../core/ui/Button'
import { PageHeader } from '../../../../core/ui/PageHeader'
import { Stack } from '../../../../core/ui/Stack'
import { Cell, Column, Row as TableRow, Table, TableBody, TableHeader } from '../../../../core/ui/Table'
import { sipsList } from '../../model'
import { ListState, Pager } from './ListState'
import { SearchBar, useSearchableList } from './searchableList'

/** /sips (SPEC §2: administrators): SIP accounts; their passwords are never shown back. */
export default function SipsPage() {
  const t = useT('callcenter')
  const dispatch = useDispatch()
  const state = useUnit(sipsList.$state)
  const { query, load, data, items, pages, setPage, search } = useSearchableList('callcenter/loadSips', state)
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
      <SearchBar label={t('sips.search')} onSearch={search} />
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
      <Pager page={query.page} pages={pages} onPage={setPage} />
    </Stack>
  )
}
