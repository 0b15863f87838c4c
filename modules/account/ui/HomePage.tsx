import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { $company, $session } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { EmptyState } from '../../../core/ui/EmptyState'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { PageHeader } from '../../../core/ui/PageHeader'
import LoginPage from './LoginPage'

/** SPEC §2 `/`: the login form for guests; a signed-in user goes where their role lands (SPEC §6). */
export default function HomePage() {
  const t = useT('account')
  const { registry } = useRuntime()
  const dispatch = useDispatch()
  const { session, company } = useUnit({ session: $session, company: $company })
  const profile = session.status === 'success' ? session.profile : null
  const landing = profile ? registry.landingFor({ profile, company, via: 'home' }) : null

  useEffect(() => {
    if (landing && landing !== '/') void dispatch('app/navigate', { to: landing, replace: true })
  }, [landing, dispatch])

  if (!session.hasToken || session.status === 'error') return <LoginPage />
  if (!profile || landing !== '/') return <GlobalLoader variant="screen" aria-label={t('core:loading')} />
  return (
    <>
      <PageHeader title={t('home.title', { name: profile.name })} />
      <EmptyState title={t('home.text')} />
    </>
  )
}
