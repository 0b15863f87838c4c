import type { ReactNode } from 'react'
import { useT } from '../../../core/i18n/useT'
import type { Company } from '../contract'
import { Loaded } from './states'
import { useCompany } from './useSection'

/** The whole card for a company id: its company section's loading and failure, then the editor. */
export function CompanyCard({ companyId, children }: { companyId: number; children: (company: Company) => ReactNode }) {
  const t = useT('clients')
  const { state, retry } = useCompany(companyId)
  return (
    <Loaded state={state} failedTitle={t('loadFailed.company')} onRetry={retry} testId="company">
      {company => children(company)}
    </Loaded>
  )
}
