import { Suspense } from 'react'
import { useT } from '../../core/i18n/useT'
import type { LazyComponent, PageProps } from '../../core/plugin/types'
import { useRuntime } from '../../core/react/runtime'
import { GlobalLoader } from '../../core/ui/GlobalLoader'
import { lazyPage } from './lazyPage'
import { PageBoundary } from './PageBoundary'
import { PageError, reloadApp } from './PageError'

export interface PageAreaProps {
  page: LazyComponent<PageProps>
  params: PageProps['params']
  /** A new location clears a failure shown here. */
  resetKey: string
  /** Default: the browser's full reload. */
  reload?: () => void
}

/** One route's page: its lazy chunk, a loader while it arrives, and the failure (SPEC §8) in its place when it does not. */
export function PageArea({ page, params, resetKey, reload = reloadApp }: PageAreaProps) {
  const { bus } = useRuntime()
  const t = useT()
  const Page = lazyPage(page, bus)
  return (
    <PageBoundary resetKey={resetKey} fallback={(retry, error) => <PageError error={error} onRetry={retry} onReload={reload} />}>
      <Suspense fallback={<GlobalLoader aria-label={t('loading')} />}>
        <Page params={params} />
      </Suspense>
    </PageBoundary>
  )
}
