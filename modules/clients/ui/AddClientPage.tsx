import { Link, useSearch } from 'wouter'
import { useT } from '../../../core/i18n/useT'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { Panel } from '../../../core/ui/Card'
import { CompanyForm } from './CompanyForm'
import { UnsavedChangesGuard } from './guard'

/**
 * /add-client (`?kind=legal|sole`): a new company of the agent's (or, for an administrator, nobody's). The
 * registry search fills the form; saving opens the new company's card on its other tabs.
 */
export default function AddClientPage() {
  const t = useT('clients')
  const kind = new URLSearchParams(useSearch()).get('kind') === 'sole' ? 'sole' : 'legal'
  return (
    <UnsavedChangesGuard>
      <Stack gap="lg">
        <PageHeader
          before={<Link href="/clients">{t('pages.backToClients')}</Link>}
          title={t(kind === 'sole' ? 'pages.addSole' : 'pages.addClient')}
          description={t('pages.addClientHint')}
        />
        <Panel title={t('tabs.company')}>
          <CompanyForm key={kind} companyId={null} company={null} kind={kind} />
        </Panel>
      </Stack>
    </UnsavedChangesGuard>
  )
}
