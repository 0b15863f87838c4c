import { useUnit } from 'effector-react'
import { useMemo, useState } from 'react'
import styled from 'styled-components'
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
import { DataTable, type DataColumn } from '../../../core/ui/list/DataTable'
import type { Sort } from '../../../core/ui/list/query'
import { sortRows } from '../../../core/ui/list/sort'
import { useLoad } from '../../../core/ui/list/useLoad'
import { formatPhone } from '../../../core/validation/phone'
import type { ImpersonationRecord } from '../contract'
import { $switching, agentView } from '../model'

/** Label and value side by side; labels in the muted colour. */
const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  dd[data-nowrap] {
    white-space: nowrap;
  }
`

/** /agents/{id}: the agent, and for administrators "log into their cabinet" with the audit of past entries. */
export default function AgentPage({ params }: PageProps) {
  const t = useT('agents')
  const dispatch = useDispatch()
  const { state, switching, locale } = useUnit({ state: agentView.$state, switching: $switching, locale: $locale })
  const [confirm, setConfirm] = useState(false)
  const [auditSort, setAuditSort] = useState<Sort>({ column: 'started', direction: 'descending' })
  const id = Number(params.id)
  const reload = useLoad('agents/load', { id })
  const dateTime = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })
  const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '')
  const auditColumns = useMemo<DataColumn<ImpersonationRecord>[]>(
    () => [
      { id: 'admin', header: t('audit.admin'), cell: r => r.admin.name, isRowHeader: true, sortable: true, sortValue: r => r.admin.name },
      { id: 'started', header: t('audit.started'), cell: r => when(r.started_at), sortable: true, sortValue: r => r.started_at },
      { id: 'ended', header: t('audit.ended'), cell: r => (r.ended_at ? when(r.ended_at) : t('audit.open')), sortable: true, sortValue: r => r.ended_at },
    ],
    // `when` follows the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale],
  )

  const back = <Link href="/agents">{t('back')}</Link>
  // Until this agent's answer, the store may still hold the one opened before (keepData drops its data on request).
  const mine = state.status !== 'idle' && state.query.id === id ? state : null
  const agent = mine?.data ?? null
  if (!agent) {
    if (mine?.status !== 'failed') return <GlobalLoader aria-label={t('loading')} />
    return (
      <Stack gap="lg">
        <PageHeader before={back} title={t('pages.one')} />
        <ErrorState title={t('loadFailedOne')} message={mine.failure.message} retryLabel={t('retry')} onRetry={reload} />
      </Stack>
    )
  }
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
      {mine?.status === 'failed' && (
        <Alert kind="error" title={t('loadFailedOne')} action={<Button size="sm" onPress={reload}>{t('retry')}</Button>}>
          {mine.failure.message}
        </Alert>
      )}
      {switching.status === 'failed' && switching.failure && <Alert kind="error" title={t('impersonateFailed')}>{switching.failure.message}</Alert>}
      <Panel title={t('details')}>
        <Details>
          <dt>{t('phone')}</dt>
          <dd data-nowrap>{formatPhone(agent.phone)}</dd>
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
        </Details>
      </Panel>
      {agent.can_impersonate && (
        <Panel title={t('audit.title')}>
          {agent.impersonations.length === 0 ? (
            <p>{t('audit.none')}</p>
          ) : (
            <DataTable
              aria-label={t('audit.title')}
              data-testid="impersonations"
              columns={auditColumns}
              rows={sortRows(agent.impersonations, auditSort, auditColumns)}
              sort={auditSort}
              onSortChange={setAuditSort}
              narrow="cards"
            />
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
