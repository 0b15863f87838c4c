import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { ListPage } from '../../../core/ui/list/ListPage'
import { ToggleFilter } from '../../../core/ui/list/ToggleFilter'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { CLIENTS_QUERY as QUERY } from '../loads'
import { $export } from '../model'
import { useMessage } from './message'
import { CompanyList, IndividualList, KINDS } from './lists'


/**
 * /clients, "My companies" (agents 30, 35 and administrators 100): tabs legal entities and individuals, add
 * company / sole proprietor / individual, search, and the server's XLSX export of what the filters select.
 */
export default function ClientsPage() {
  const t = useT('clients')
  const dispatch = useDispatch()
  const message = useMessage()
  const exporting = useUnit($export)
  const [query, setQuery] = useListQuery(QUERY)
  const companies = query.tab === 'companies'
  const go = (to: string) => void dispatch('app/navigate', { to })
  // A cursor replaces the page number of an older link (`page=N`): paging on from it is by cursor.
  const onCursor = (cursor: string) => setQuery({ cursor, page: 1 })

  return (
    <ListPage
      title={t('pages.clients')}
      actions={
        <>
          <Button variant="primary" onPress={() => go('/add-client?kind=legal')} data-testid="add-company">
            {t('list.addCompany')}
          </Button>
          <Button onPress={() => go('/add-client?kind=sole')} data-testid="add-sole">
            {t('list.addSole')}
          </Button>
          <Button onPress={() => go('/physics/add')} data-testid="add-individual">
            {t('list.addIndividual')}
          </Button>
          <Button
            variant="ghost"
            isPending={exporting.status === 'running'}
            onPress={() => void dispatch('clients/exportCompanies', { q: query.q, ...(companies && query.kind !== 'all' ? { kind: query.kind } : {}) })}
            data-testid="export"
          >
            {t('export.button')}
          </Button>
        </>
      }
      tabs={{
        label: t('list.tabs'),
        selected: query.tab,
        onChange: tab => setQuery({ tab, kind: 'all' }),
        items: [
          { id: 'companies', label: t('list.companiesTab'), 'data-testid': 'tab-companies' },
          { id: 'individuals', label: t('list.individualsTab'), 'data-testid': 'tab-individuals' },
        ],
      }}
      search={{
        label: t(companies ? 'list.searchCompanies' : 'list.searchIndividuals'),
        value: query.q,
        onSearch: q => setQuery({ q }, { replace: true }),
        'data-testid': 'clients-search',
      }}
      filters={
        companies && (
          <ToggleFilter
            label={t('list.kindFilter')}
            options={KINDS.map(kind => ({ id: kind, label: t(`list.kind.${kind}`) }))}
            value={query.kind}
            onChange={kind => setQuery({ kind })}
          />
        )
      }
    >
      {exporting.status === 'failed' && (
        <Alert kind="error" title={t('export.failed')}>
          {message(exporting.failure?.message) ?? t('errors.generic')}
        </Alert>
      )}
      {companies ? (
        <CompanyList q={query.q} kind={query.kind} page={query.page} cursor={query.cursor} onCursor={onCursor} />
      ) : (
        <IndividualList q={query.q} page={query.page} cursor={query.cursor} onCursor={onCursor} />
      )}
    </ListPage>
  )
}

// /physics loads from this chunk too: one chunk for both list pages, one preload list less in /login's first load.
export { default as IndividualsPage } from './IndividualsPage'
