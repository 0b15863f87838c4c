import { Suspense, type ReactNode } from 'react'
import { useT } from '../../../core/i18n/useT'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Spinner } from '../../../core/ui/Spinner'
import { Stack } from '../../../core/ui/Stack'
import { CompanyCard } from './CompanyCard'
import { UnsavedChangesGuard } from './guard'
import { DocumentsSection, FinancialsSection } from './lazySections'
import { OwnCompany } from './OwnCompany'
import { useSections } from './useSection'

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
