import { useUnit } from 'effector-react'
import { Suspense, type ReactNode } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { $company } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { EmptyState } from '../../../core/ui/EmptyState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { Panel } from '../../../core/ui/Card'
import { CompanyForm } from './CompanyForm'
import { useTabNavigation } from './ClientPage'
import { CLIENT_COMPANY_TABS, CompanyCard, CompanyEditor, CompanyTitle, type TabKey } from './CompanyEditor'
import { useSections } from './useSection'
import { DocumentsSection, FinancialsSection } from './lazySections'
import { UnsavedChangesGuard } from './guard'

/**
 * The client's own company (role 10). Registration makes none: until the client enters it, the company screen
 * asks for it with the company form (saving creates it), and the other pages point there.
 */
function OwnCompany({ title, children, enter = false }: { title: string; children: (companyId: number) => ReactNode; enter?: boolean }) {
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
                <CompanyForm companyId={null} company={null} own prefill={prefill} />
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

const DEFAULT_TAB: Record<string, TabKey> = { '/faces': 'people', '/banks': 'bank' }

/**
 * /company, /faces, /banks (ClientCompany with tab 0, 1, 2): the company screen of the client's cabinet.
 * One page for the three routes, so moving between them keeps what was typed.
 */
export default function CabinetCompanyPage() {
  const t = useT('clients')
  const [location] = useLocation()
  const [tab, setTab] = useTabNavigation(CLIENT_COMPANY_TABS, DEFAULT_TAB[location] ?? 'company')
  return (
    <OwnCompany title={t('pages.company')} enter>
      {companyId => (
        <CompanyCard companyId={companyId}>
          {data => (
            <Stack gap="lg">
              <CompanyTitle company={data} />
              {!(data.inn && data.ogrn) && (
                <Alert kind="info" title={t('cabinet.fillFirst')} role="status">
                  {t('cabinet.fillFirstText')}
                </Alert>
              )}
              <CompanyEditor companyId={companyId} company={data} tabs={CLIENT_COMPANY_TABS} tab={tab} onTabChange={setTab} />
            </Stack>
          )}
        </CompanyCard>
      )}
    </OwnCompany>
  )
}

/** /financials (ClientFinances). */
export function CabinetFinancialsPage() {
  const t = useT('clients')
  return (
    <OwnCompany title={t('pages.financials')}>
      {companyId => (
        <CompanyCard companyId={companyId}>
          {() => <Sections companyId={companyId} title={t('pages.financials')} needs={['financials', 'publicLinks']}>{<FinancialsSection companyId={companyId} />}</Sections>}
        </CompanyCard>
      )}
    </OwnCompany>
  )
}

/** /documents (ClientDocuments). */
export function CabinetDocumentsPage() {
  const t = useT('clients')
  return (
    <OwnCompany title={t('pages.documents')}>
      {companyId => (
        <CompanyCard companyId={companyId}>
          {company => (
            <Sections companyId={companyId} title={t('pages.documents')} needs={['documents', 'licences', 'publicLinks']}>
              <DocumentsSection companyId={companyId} kind={company.kind} />
            </Sections>
          )}
        </CompanyCard>
      )}
    </OwnCompany>
  )
}

function Sections({ companyId, title, needs, children }: { companyId: number; title: string; needs: Parameters<typeof useSections>[1]; children: ReactNode }) {
  useSections(companyId, needs)
  return (
    <UnsavedChangesGuard>
      <Stack gap="lg">
        <PageHeader title={title} />
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </Stack>
    </UnsavedChangesGuard>
  )
}
