import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { Badge } from '../../../core/ui/Badge'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Slot } from '../../../core/ui/Slot'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { Tab, TabList, TabPanel, Tabs } from '../../../core/ui/Tabs'
import type { Company } from '../contract'
import type { SectionKey } from '../remotes'
import { CompanyForm } from './CompanyForm'
import { UnsavedChangesGuard } from './guard'
import { BankSection, DocumentsSection, FinancialsSection, PeopleSection, SupportedAccountsSection } from './lazySections'
import { useSections } from './useSection'

/** The tabs of "Company edit" (SPEC §2); ClientCompany's `?tab=0|1|2` are company, people, bank. */
export const TABS = ['company', 'financials', 'documents', 'people', 'bank', 'supported', 'bids', 'tenders'] as const
export type TabKey = (typeof TABS)[number]
export const CLIENT_COMPANY_TABS: readonly TabKey[] = ['company', 'people', 'bank']

/** What each tab shows, loaded the first time the tab opens. */
const SECTIONS_OF: Record<TabKey, SectionKey[]> = {
  company: [],
  financials: ['financials', 'publicLinks'],
  documents: ['documents', 'licences', 'publicLinks'],
  people: ['persons', 'owners'],
  bank: ['bankAccounts'],
  supported: ['bankAccounts'],
  bids: [],
  tenders: [],
}


function ComingWithModule({ name }: { name: 'bids' | 'tenders' }) {
  const t = useT('clients')
  return (
    <Alert kind="info" role="none" title={t(`tabs.${name}`)}>
      {t(`coming.${name}`)}
    </Alert>
  )
}

export function CompanyTitle({ company, actions, before }: { company: Company; actions?: ReactNode; before?: ReactNode }) {
  const t = useT('clients')
  return (
    <PageHeader
      before={before}
      title={company.short_name || company.full_name || t('company.untitled')}
      description={
        <>
          {t(`catalogue.kind.${company.kind}`)}
          {company.inn ? ` · ${t('company.innShort', { inn: company.inn })}` : ''}
          {company.ogrn ? ` · ${t(company.kind === 'sole' ? 'company.ogrnipShort' : 'company.ogrnShort', { ogrn: company.ogrn })}` : ''}{' '}
          <Badge tone={company.status === 'active' ? 'success' : 'warning'}>{t(`catalogue.status.${company.status}`)}</Badge>
        </>
      }
      actions={actions}
    />
  )
}

/**
 * "Company edit": the company card in tabs. Every form inside reports unsaved changes to one guard; tabs
 * visited stay mounted. `tabs` picks which of TABS show (the client's cabinet shows three).
 */
export function CompanyEditor({ companyId, company, tabs, tab, onTabChange }: {
  companyId: number
  company: Company
  tabs: readonly TabKey[]
  tab: TabKey
  onTabChange: (tab: TabKey) => void
}) {
  const t = useT('clients')
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([tab]))
  useEffect(() => setVisited(v => (v.has(tab) ? v : new Set([...v, tab]))), [tab])
  const needed = [...visited].flatMap(k => SECTIONS_OF[k])
  useSections(companyId, [...new Set(needed)])

  const panel = (key: TabKey): ReactNode => {
    switch (key) {
      case 'company':
        return <CompanyForm companyId={companyId} company={company} />
      case 'financials':
        return <FinancialsSection companyId={companyId} />
      case 'documents':
        return <DocumentsSection companyId={companyId} kind={company.kind} />
      case 'people':
        return <PeopleSection companyId={companyId} kind={company.kind} />
      case 'bank':
        return <BankSection companyId={companyId} />
      case 'supported':
        return <SupportedAccountsSection companyId={companyId} />
      case 'bids':
        // The bids module's list of this company, when it is installed and the user may list bids.
        return <Slot slot="clients/companyBids" props={{ companyId }} fallback={<Spinner />} empty={<ComingWithModule name="bids" />} />
      case 'tenders':
        return <ComingWithModule name={key} />
    }
  }

  return (
    <UnsavedChangesGuard>
      <Tabs selectedKey={tab} onSelectionChange={key => onTabChange(key as TabKey)}>
        <TabList aria-label={t('tabs.label')}>
          {tabs.map(key => (
            <Tab key={key} id={key} data-testid={`tab-${key}`}>
              {/* One name for the people tab in the client's cabinet and the agent's card: SPEC §2 "officials and founders" (it holds both). */}
              {t(`tabs.${key}`)}
            </Tab>
          ))}
        </TabList>
        {tabs.map(key => (
          // Panels of tabs already visited stay mounted (hidden): what was typed on one tab survives a look at another.
          <TabPanel key={key} id={key} shouldForceMount={visited.has(key)}>
            {visited.has(key) && (
              <Suspense fallback={<Spinner />}>
                <Stack gap="lg">{panel(key)}</Stack>
              </Suspense>
            )}
          </TabPanel>
        ))}
      </Tabs>
    </UnsavedChangesGuard>
  )
}
