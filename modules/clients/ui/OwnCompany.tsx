import { useUnit } from 'effector-react'
import { lazy, Suspense, type ReactNode } from 'react'
import { Link, useSearch } from 'wouter'
import { $company } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { UnsavedChangesGuard } from './guard'

// Only /company asks for the company itself; /financials and /documents point there.
const CompanyForm = lazy(() => import('./CompanyForm').then(m => ({ default: m.CompanyForm })))

/**
 * The client's own company (role 10). Registration makes none: until the client enters it, the company screen
 * asks for it with the company form (saving creates it), and the other pages point there.
 */
export function OwnCompany({ title, children, enter = false }: { title: string; children: (companyId: number) => ReactNode; enter?: boolean }) {
  const t = useT('clients')
  const company = useUnit($company)
  // `/company?name=…&inn=…`: a tender winner sent here from a commercial offer's /cabinet.
  const search = new URLSearchParams(useSearch())
  const prefill = { short_name: search.get('name')?.slice(0, 300) ?? '', inn: search.get('inn')?.replace(/\D/g, '').slice(0, 12) ?? '' }
  if (!company) {
    return (
      <Stack gap="lg">
        <PageHeader title={title} />
        {enter ? (
          <UnsavedChangesGuard>
            <Stack gap="lg">
              <Alert kind="info" title={t('cabinet.enterCompany')} role="none">
                {t('cabinet.enterCompanyText')}
              </Alert>
              <Panel title={t('tabs.company')}>
                <Suspense fallback={<Spinner />}>
                  <CompanyForm companyId={null} company={null} own prefill={prefill} />
                </Suspense>
              </Panel>
            </Stack>
          </UnsavedChangesGuard>
        ) : (
          <EmptyState title={t('cabinet.enterCompany')} description={t('cabinet.noCompanyHint')} action={<Link href="/company">{t('cabinet.enterCompanyLink')}</Link>} />
        )}
      </Stack>
    )
  }
  return <>{children(company.id)}</>
}
