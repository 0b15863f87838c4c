import { useUnit } from 'effector-react'
import { Link, useLocation, useSearch } from 'wouter'
import { $profile } from '../../../core/auth/model'
import { ROLE } from '../../../core/auth/profile'
import type { PageProps } from '../../../core/plugin/types'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Slot } from '../../../core/ui/Slot'
import { Row, Stack } from '../../../core/ui/Stack'
import { $removeFailures } from '../model'
import { CompanyCard } from './CompanyCard'
import { CompanyEditor, CompanyTitle, TABS, type TabKey } from './CompanyEditor'
import { ConfirmButton, RemoveFailure } from './records'

/** `?tab=financials` (or ClientCompany's 0, 1, 2) → a tab of `allowed`. */
export function tabFromSearch(search: string, allowed: readonly TabKey[], fallback: TabKey): TabKey {
  const raw = new URLSearchParams(search).get('tab') ?? ''
  const numbered: Record<string, TabKey> = { '0': 'company', '1': 'people', '2': 'bank' }
  const tab = (numbered[raw] ?? raw) as TabKey
  return allowed.includes(tab) ? tab : fallback
}

/** Switching tabs replaces the entry (the back button leaves the card, not the tab). */
export function useTabNavigation(allowed: readonly TabKey[], fallback: TabKey) {
  const [location] = useLocation()
  const search = useSearch()
  const dispatch = useDispatch()
  const tab = tabFromSearch(search, allowed, fallback)
  const setTab = (next: TabKey) => {
    if (next !== tab) void dispatch('app/navigate', { to: `${location}?tab=${next}`, replace: true })
  }
  return [tab, setTab] as const
}

/** /clients/{id} (EditClient): the company card of a client, every tab. */
export default function ClientPage({ params }: PageProps) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const profile = useUnit($profile)
  const failures = useUnit($removeFailures)
  const companyId = Number(params.id)
  const [tab, setTab] = useTabNavigation(TABS, 'company')
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return <EmptyState title={t('company.notFound')} />
  const keeper = profile !== null && profile.role !== ROLE.client

  return (
    <Stack gap="lg">
      <CompanyCard companyId={companyId}>
        {company => (
          <Stack gap="lg" key={companyId}>
            <CompanyTitle
              company={company}
              before={<Link href="/clients">{t('pages.backToClients')}</Link>}
              actions={
                <Row gap="sm" wrap>
                  <Slot slot="clients/pageActions" props={{ companyId }} />
                  {keeper && company.owner === null && (
                    <ConfirmButton
                      label={t('company.delete')}
                      question={t('company.deleteQuestion', { name: company.short_name ?? '' })}
                      confirmLabel={t('form.delete')}
                      onConfirm={() => void dispatch('clients/deleteCompany', { companyId })}
                    />
                  )}
                </Row>
              }
            />
            <RemoveFailure failure={failures.company} />
            <CompanyEditor companyId={companyId} company={company} tabs={TABS} tab={tab} onTabChange={setTab} />
          </Stack>
        )}
      </CompanyCard>
    </Stack>
  )
}
