import { useUnit } from 'effector-react'
import { useEffect, useState } from 'react'
import { Link } from 'wouter'
import type { PageProps } from '../../../core/plugin/types'
import { useT } from '../../../core/i18n/useT'
import { $locale } from '../../../core/i18n/model'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { Dialog } from '../../../core/ui/Dialog'
import { ErrorState } from '../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../core/ui/GlobalLoader'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { formatPhone } from '../../../core/validation/phone'
import { $agent, $switching } from '../model'
import { Table } from './Table'

/** /agents/{id}: the agent, and for administrators "log into their cabinet" with the audit of past entries. */
export default function AgentPage({ params }: PageProps) {
  const t = useT('agents')
  const dispatch = useDispatch()
  const { agent: state, switching, locale } = useUnit({ agent: $agent, switching: $switching, locale: $locale })
  const [confirm, setConfirm] = useState(false)
  const id = Number(params.id)
  useEffect(() => {
    if (id > 0) void dispatch('agents/load', { id })
  }, [dispatch, id])
  const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '')

  const back = <Link href="/agents">{t('back')}</Link>
  const loaded = state.id === id ? state.state : null
  if (!loaded || (loaded.status === 'loading' && !loaded.data)) return <GlobalLoader aria-label={t('loading')} />
  if (loaded.status === 'failed' && !loaded.data) {
    return (
      <Stack gap="lg">
        <PageHeader before={back} title={t('pages.one')} />
        <ErrorState title={t('loadFailedOne')} message={loaded.failure.message} retryLabel={t('retry')} onRetry={() => void dispatch('agents/load', { id })} />
      </Stack>
    )
  }
  const agent = loaded.data
  if (!agent) return null
  return (
    <Stack gap="lg">
      <PageHeader
        before={back}
        title={agent.full_name}
        description={t(`shell:roles.${agent.role}`)}
        actions={
          agent.can_impersonate && (
            <Button variant="primary" onPress={() => setConfirm(true)} isPending={switching.status === 'entering'} data-testid="impersonate">
              {t('impersonate')}
            </Button>
          )
        }
      />
      {switching.status === 'failed' && switching.failure && <Alert kind="error" title={t('impersonateFailed')}>{switching.failure.message}</Alert>}
      <Panel title={t('details')}>
        <dl>
          <dt>{t('phone')}</dt>
          <dd>{formatPhone(agent.phone)}</dd>
          <dt>{t('email')}</dt>
          <dd>{agent.email ?? '—'}</dd>
          <dt>{t('office')}</dt>
          <dd>{agent.office?.name ?? '—'}</dd>
          <dt>{t('companies')}</dt>
          <dd>{agent.companies_count}</dd>
          <dt>{t('individuals')}</dt>
          <dd>{agent.individuals_count}</dd>
          <dt>{t('since')}</dt>
          <dd>{when(agent.created_at)}</dd>
        </dl>
      </Panel>
      {agent.can_impersonate && (
        <Panel title={t('audit.title')}>
          {agent.impersonations.length === 0 ? (
            <p>{t('audit.none')}</p>
          ) : (
            <Table data-testid="impersonations">
              <thead>
                <tr>
                  <th scope="col">{t('audit.admin')}</th>
                  <th scope="col">{t('audit.started')}</th>
                  <th scope="col">{t('audit.ended')}</th>
                </tr>
              </thead>
              <tbody>
                {agent.impersonations.map(r => (
                  <tr key={r.id}>
                    <td>{r.admin.name}</td>
                    <td>{when(r.started_at)}</td>
                    <td>{r.ended_at ? when(r.ended_at) : t('audit.open')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Panel>
      )}
      <Dialog
        isOpen={confirm}
        onOpenChange={setConfirm}
        title={t('confirm.title', { name: agent.full_name })}
        role="alertdialog"
        size="sm"
        footer={close => (
          <>
            <Button onPress={close}>{t('confirm.cancel')}</Button>
            <Button
              variant="primary"
              data-testid="impersonate-confirm"
              onPress={() => {
                close()
                void dispatch('agents/impersonate', { id: agent.id })
              }}
            >
              {t('confirm.go')}
            </Button>
          </>
        )}
      >
        <p>{t('confirm.text')}</p>
      </Dialog>
    </Stack>
  )
}
