import { useLocation } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { Stack } from '../../../core/ui/Stack'
import { useTabNavigation } from './ClientPage'
import { CompanyCard } from './CompanyCard'
import { CLIENT_COMPANY_TABS, CompanyEditor, CompanyTitle, type TabKey } from './CompanyEditor'
import { OwnCompany } from './OwnCompany'

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
