import { useT } from '../i18n/useT'
import type { PageProps } from '../plugin/types'
import { EmptyState } from './EmptyState'
import { PageHeader } from './PageHeader'

/** What a route shows until its module's screens land: the page's name and a plain statement, nothing fake. */
export function PlannedPage({ titleKey }: PageProps & { titleKey: string }) {
  const t = useT()
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <EmptyState title={t('core:planned.title')} description={t('core:planned.text')} />
    </>
  )
}
