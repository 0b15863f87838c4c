import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { ListPage } from '../../../core/ui/list/ListPage'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { individualsLoad } from '../loads'
import { IndividualList } from './lists'


/** /physics: the individuals a keeper keeps (the same list as the individuals tab of "My companies"); loaded with ./ClientsPage. */
export default function IndividualsPage() {
  const t = useT('clients')
  const dispatch = useDispatch()
  const [query, setQuery] = useListQuery(individualsLoad.spec)
  return (
    <ListPage
      title={t('pages.physics')}
      actions={
        <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/physics/add' })} data-testid="add-individual">
          {t('list.addIndividual')}
        </Button>
      }
      search={{ label: t('list.searchIndividuals'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'individuals-search' }}
    >
      <IndividualList q={query.q} page={query.page} cursor={query.cursor} onCursor={cursor => setQuery({ cursor, page: 1 })} />
    </ListPage>
  )
}
