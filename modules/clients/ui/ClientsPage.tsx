import { useUnit } from 'effector-react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { Tab, TabList, TabPanel, Tabs } from '../../../core/ui/Tabs'
import { $export } from '../model'
import type { CompanyListQuery, IndividualListQuery } from '../remotes'
import { useMessage } from './fields'
import { CompanyList, IndividualList, PAGE_SIZE } from './lists'

type ListTab = 'companies' | 'individuals'

/**
 * /clients, "My companies" (agents 30, 35 and administrators 100): tabs legal entities and individuals, add
 * company / sole proprietor / individual, search, and the server's XLSX export of what the filters select.
 */
export default function ClientsPage() {
  const t = useT('clients')
  const dispatch = useDispatch()
  const message = useMessage()
  const exporting = useUnit($export)
  const [location] = useLocation()
  const search = useSearch()
  const tab: ListTab = new URLSearchParams(search).get('tab') === 'individuals' ? 'individuals' : 'companies'
  const [companies, setCompanies] = useState<CompanyListQuery>({ page: 1, limit: PAGE_SIZE, q: '' })
  const [individuals, setIndividuals] = useState<IndividualListQuery>({ page: 1, limit: PAGE_SIZE, q: '' })
  const go = (to: string) => void dispatch('app/navigate', { to })

  return (
    <Stack gap="lg">
      <PageHeader
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
              onPress={() => void dispatch('clients/exportCompanies', { q: tab === 'companies' ? companies.q : individuals.q, ...(tab === 'companies' && companies.kind ? { kind: companies.kind } : {}) })}
              data-testid="export"
            >
              {t('export.button')}
            </Button>
          </>
        }
      />
      {exporting.status === 'failed' && (
        <Alert kind="error" title={t('export.failed')}>
          {message(exporting.failure?.message) ?? t('errors.generic')}
        </Alert>
      )}
      <Tabs selectedKey={tab} onSelectionChange={key => void dispatch('app/navigate', { to: key === 'individuals' ? `${location}?tab=individuals` : location, replace: true })}>
        <TabList aria-label={t('list.tabs')}>
          <Tab id="companies" data-testid="tab-companies">
            {t('list.companiesTab')}
          </Tab>
          <Tab id="individuals" data-testid="tab-individuals">
            {t('list.individualsTab')}
          </Tab>
        </TabList>
        <TabPanel id="companies">
          <CompanyList query={companies} onQuery={setCompanies} />
        </TabPanel>
        <TabPanel id="individuals">
          <IndividualList query={individuals} onQuery={setIndividuals} />
        </TabPanel>
      </Tabs>
    </Stack>
  )
}

/** /physics: the individuals a keeper keeps. */
export function IndividualsPage() {
  const t = useT('clients')
  const dispatch = useDispatch()
  const [query, setQuery] = useState<IndividualListQuery>({ page: 1, limit: PAGE_SIZE, q: '' })
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('pages.physics')}
        actions={
          <Button variant="primary" onPress={() => void dispatch('app/navigate', { to: '/physics/add' })} data-testid="add-individual">
            {t('list.addIndividual')}
          </Button>
        }
      />
      <IndividualList query={query} onQuery={setQuery} />
    </Stack>
  )
}
