import { useState } from 'react'
import { Link } from 'wouter'
import type { Actor } from '../../../../core/access/actor'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Checkbox } from '../../../../core/ui/Checkbox'
import { Dialog } from '../../../../core/ui/Dialog'
import { SelectField } from '../../../../core/ui/SelectField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { WorkflowActions } from '../../../../core/ui/WorkflowActions'
import { ARCHIVE_REASON, CHANNELS, type Channel } from '../../services'
import { partnersApi, type PartnerList } from '../../../partners/contract'
import { bidsApi, CONFIRM_BID_PATH, NEW_BID_PATH, type Bid } from '../../contract'
import { bidWorkflow } from '../../workflow'
import { narrowed } from './actions'
import { saveFile } from './Documents'
import { useResource } from '../../../../core/react/useResource'


/** Actions of the bid's own status that ask for more than text (the kit's dialog asks for text): our own dialogs. */
const OWN_DIALOGS = ['sendToBanks'] as const
/** The submit carries an Idempotency-Key header: it is made on /confirm-bid, which submits exactly once. */
const ON_CONFIRM_PAGE = ['submit', 'resubmit'] as const

export type RunBidAction = (action: string, input: Record<string, unknown> | null) => Promise<unknown>

/**
 * Only what this user may do with the bid now (the server's `allowed_actions`): the workflow's actions through the
 * kit (with its input dialogs), sending to banks with a choice of partners, submitting on /confirm-bid, editing in the
 * wizard, archiving with a reason, restoring, the generated documents.
 */
export function BidActions({ bid, actor, onAction, onArchive, onRestore, onGenerate }: {
  bid: Bid
  actor: Actor
  onAction: RunBidAction
  onArchive: (reason: number) => Promise<unknown>
  onRestore: () => Promise<unknown>
  /** Generates the application and the questionnaire as the bid's documents. */
  onGenerate: () => Promise<unknown>
}) {
  const t = useT('bids')
  const { api } = useRuntime()
  const allowed = bid.allowed_actions as readonly string[]
  const [dialog, setDialog] = useState<'sendToBanks' | 'archive' | null>(null)
  const [pending, setPending] = useState<string | null>(null)
  const has = (action: string) => allowed.includes(action)

  const download = async (kind: 'application' | 'questionnaire') => {
    setPending(kind)
    const file = await api.download(bidsApi.document(bid.id, kind)).catch(() => null)
    setPending(null)
    if (file) saveFile(file.blob, file.name ?? `${kind}-${bid.id}.pdf`)
  }

  return (
    <Stack gap="sm" data-testid="bid-actions">
      <Row gap="sm" wrap>
        <WorkflowActions
          workflow={narrowed(bidWorkflow, allowed, [...OWN_DIALOGS, ...ON_CONFIRM_PAGE])}
          status={bid.status}
          actor={actor}
          variants={{ approve: 'primary', take: 'primary' }}
          onAction={onAction}
        />
        {ON_CONFIRM_PAGE.filter(has).map(action => (
          <Link key={action} href={`${CONFIRM_BID_PATH}?id=${bid.id}`} data-testid={`action-${action}`}>
            {t(`workflow.status.actions.${action}`)}
          </Link>
        ))}
        {has('sendToBanks') && (
          <Button variant="primary" onPress={() => setDialog('sendToBanks')}>
            {t('workflow.status.actions.sendToBanks')}
          </Button>
        )}
        {has('edit') && (
          <Link href={`${NEW_BID_PATH}?id=${bid.id}`} data-testid="action-edit">
            {t('extraActions.edit')}
          </Link>
        )}
        {has('generateDocuments') && (
          <>
            <Button
              variant="ghost"
              isPending={pending === 'generate'}
              onPress={() => {
                setPending('generate')
                void Promise.resolve(onGenerate())
                  .catch(() => {})
                  .finally(() => setPending(null))
              }}
            >
              {t('extraActions.generateDocuments')}
            </Button>
            <Button variant="ghost" isPending={pending === 'application'} onPress={() => void download('application')}>
              {t('bid.documents.application')}
            </Button>
            <Button variant="ghost" isPending={pending === 'questionnaire'} onPress={() => void download('questionnaire')}>
              {t('bid.documents.questionnaire')}
            </Button>
          </>
        )}
        {has('archive') && (
          <Button variant="ghost" onPress={() => setDialog('archive')}>
            {t('extraActions.archive')}
          </Button>
        )}
        {has('restore') && (
          <Button
            isPending={pending === 'restore'}
            onPress={() => {
              setPending('restore')
              void Promise.resolve(onRestore())
                .catch(() => {})
                .finally(() => setPending(null))
            }}
          >
            {t('extraActions.restore')}
          </Button>
        )}
      </Row>
      {dialog === 'sendToBanks' && <SendToBanksDialog bid={bid} onClose={() => setDialog(null)} onSend={input => onAction('sendToBanks', input)} />}
      {dialog === 'archive' && <ArchiveDialog onClose={() => setDialog(null)} onArchive={onArchive} />}
    </Stack>
  )
}

function useSubmit(onClose: () => void) {
  const t = useT('bids')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (call: () => Promise<unknown>) => {
    setPending(true)
    setError(null)
    try {
      await call()
      onClose()
    } catch (failure) {
      const f = asFailure(failure)
      setError(Object.values(f.validation ?? {}).join('\n') || f.message || t('bid.failed'))
    } finally {
      setPending(false)
    }
  }
  return { pending, error, setError, run }
}

/** Send to banks or to a microfinance organisation: which ones (the partners offering the bid's service). */
function SendToBanksDialog({ bid, onClose, onSend }: { bid: Bid; onClose: () => void; onSend: (input: Record<string, unknown>) => Promise<unknown> }) {
  const t = useT('bids')
  const [channel, setChannel] = useState<Channel>('bank')
  // The banks the client ticked in the wizard come preselected; the verifier decides.
  const preferred = bid.preferred_partner_ids ?? []
  const [chosen, setChosen] = useState<number[]>(preferred)
  const [partners, reload] = useResource<PartnerList>(`${partnersApi.partners}?service=${bid.service_type}&kind=${channel}`)
  const { pending, error, setError, run } = useSubmit(onClose)
  const list = (partners.data?.items ?? []).filter(p => p.kind === channel)
  const picked = chosen.filter(id => list.some(p => p.id === id))
  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !pending && onClose()}
      title={t('workflow.status.actions.sendToBanks')}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('bid.cancel')}
          </Button>
          <Button
            variant="primary"
            isPending={pending}
            onPress={() => (picked.length === 0 ? setError(t('bid.sendToBanks.choose')) : void run(() => onSend({ partner_ids: picked, channel })))}
          >
            {t('bid.sendToBanks.confirm')}
          </Button>
        </>
      )}
    >
      <Stack gap="md">
        <SelectField
          label={t('workflow.status.inputs.channel')}
          value={channel}
          onChange={value => {
            setChannel(value as Channel)
            setChosen(preferred)
          }}
          options={CHANNELS.map(c => ({ value: c, label: t(`channels.${c}`) }))}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('workflow.status.inputs.partner_ids')}</legend>
          {partners.status === 'loading' && <p role="status">{t('bid.loading')}</p>}
          {partners.status === 'failed' && (
            <Alert kind="error" action={<Button size="sm" onPress={reload}>{t('bid.retry')}</Button>}>
              {t('bid.sendToBanks.loadFailed')}
            </Alert>
          )}
          {partners.status === 'loaded' && list.length === 0 && <p>{t('bid.sendToBanks.none')}</p>}
          <Stack gap="xs">
            {list.map(p => (
              <Checkbox
                key={p.id}
                isSelected={chosen.includes(p.id)}
                onChange={on => setChosen(c => (on ? [...c, p.id] : c.filter(id => id !== p.id)))}
              >
                {p.short_name || p.name}
                {preferred.includes(p.id) ? ` · ${t('bid.sendToBanks.preferred')}` : ''}
              </Checkbox>
            ))}
          </Stack>
        </fieldset>
        {error && <Alert kind="error">{error}</Alert>}
      </Stack>
    </Dialog>
  )
}

/** SPEC §4 archive reasons 1–5. */
function ArchiveDialog({ onClose, onArchive }: { onClose: () => void; onArchive: (reason: number) => Promise<unknown> }) {
  const t = useT('bids')
  const [reason, setReason] = useState('')
  const { pending, error, setError, run } = useSubmit(onClose)
  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !pending && onClose()}
      title={t('extraActions.archive')}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('bid.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} onPress={() => (reason ? void run(() => onArchive(Number(reason))) : setError(t('bid.archive.choose')))}>
            {t('bid.archive.confirm')}
          </Button>
        </>
      )}
    >
      <Stack gap="md">
        <SelectField
          label={t('bid.archive.reason')}
          value={reason}
          onChange={setReason}
          isRequired
          placeholder={t('bid.archive.choose')}
          options={Object.entries(ARCHIVE_REASON).map(([name, code]) => ({ value: String(code), label: t(`archiveReasons.${name}`) }))}
          errorMessage={error}
        />
      </Stack>
    </Dialog>
  )
}
