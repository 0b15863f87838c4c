import { useState } from 'react'
import styled from 'styled-components'
import * as v from 'valibot'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { showToast, TOAST_PRESET } from '../../../../core/toast'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Dialog } from '../../../../core/ui/Dialog'
import { SelectField } from '../../../../core/ui/SelectField'
import { Stack } from '../../../../core/ui/Stack'
import { TextArea } from '../../../../core/ui/TextArea'
import { TextField } from '../../../../core/ui/TextField'
import { issuesToValidationMap } from '../../../../core/validation/issues'
import { TENDER_HISTORY_TYPE } from '../../contract'
import { KP_API, KP_KINDS, KP_SUBJECT_MAX, kpSendForm, type KpKind, type KpLetter } from '../../kp/contract'

const FIELDS = ['kind', 'email', 'subject', 'body'] as const

/** The letter as the winner will see it, in a sandbox: no script, no request leaves from it (the preview has no pixel). */
const Letter = styled.iframe`
  width: 100%;
  min-height: 320px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff;
`
const Meta = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`

export interface SendOfferTender {
  id: number
  winner_email: string | null
}

/**
 * "Send offer" on a tender (ShowTender mounts it): a dialog with the kind (standard 55 / custom 5), the winner's
 * e-mail (the registry's unless another is typed), a subject and, for a custom KP, its text; then the letter's
 * preview from the server (the same template the send uses) and Send. `onSent` lets the page refresh its history.
 */
export function SendOfferButton({ tender, onSent }: { tender: SendOfferTender; onSent?: () => void }) {
  const t = useT('tenders')
  const { api, bus } = useRuntime()
  const [isOpen, setOpen] = useState(false)
  const [form, setForm] = useState({ kind: TENDER_HISTORY_TYPE.standardOfferSent as KpKind, email: '', subject: '', body: '' })
  const [local, setLocal] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [preview, setPreview] = useState<KpLetter | null>(null)
  const [busy, setBusy] = useState(false)
  const custom = form.kind === TENDER_HISTORY_TYPE.offerSent

  const open = () => {
    setForm({ kind: TENDER_HISTORY_TYPE.standardOfferSent, email: '', subject: '', body: '' })
    setLocal({})
    setFailure(null)
    setPreview(null)
    setOpen(true)
  }
  const set = (field: keyof typeof form) => (value: string) => {
    setForm(f => ({ ...f, [field]: field === 'kind' ? (Number(value) as KpKind) : value }))
    setLocal(({ [field]: _, ...rest }) => rest)
  }
  /** The contract's schema, and an address to send to (typed, or the registry's). */
  const checked = (): boolean => {
    const result = v.safeParse(kpSendForm, form)
    const errors = result.success ? {} : issuesToValidationMap(result.issues)
    if (!form.email && !tender.winner_email) errors.email = 'validation:required'
    setLocal(errors)
    return Object.keys(errors).length === 0
  }
  const run = async (step: () => Promise<void>) => {
    setBusy(true)
    setFailure(null)
    try {
      await step()
    } catch (error) {
      setFailure(asFailure(error))
    } finally {
      setBusy(false)
    }
  }
  const showPreview = () => {
    if (checked()) void run(async () => setPreview(await api.post<KpLetter>(KP_API.preview(tender.id), form, { quiet: true })))
  }
  const send = () =>
    void run(async () => {
      const sent = await api.post<{ email: string }>(KP_API.send(tender.id), form, { quiet: true })
      showToast(bus, { ...TOAST_PRESET.bidUpdated, text: t('kp.send.sent', { email: sent.email }) }, 'ui')
      setOpen(false)
      onSent?.()
    })
  const error = (field: string) => (local[field] ? t(local[field]) : (failure?.validation?.[field] ?? null))
  const general = failure && !Object.keys(failure.validation ?? {}).some(f => (FIELDS as readonly string[]).includes(f)) ? (failure.message ?? t('kp.send.failed')) : null
  // A refusal of the form's fields sends the user back to them.
  const onForm = preview === null || Boolean(failure?.validation)

  return (
    <>
      <Button variant="primary" onPress={open} data-testid="kp-send-open">
        {t('kp.send.button')}
      </Button>
      <Dialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('kp.send.title')}
        closeLabel={t('kp.send.cancel')}
        size="lg"
        footer={close =>
          onForm ? (
            <>
              <Button onPress={close}>{t('kp.send.cancel')}</Button>
              <Button variant="primary" isPending={busy} onPress={showPreview} data-testid="kp-preview">
                {t('kp.send.preview')}
              </Button>
            </>
          ) : (
            <>
              <Button onPress={() => setPreview(null)} isDisabled={busy}>
                {t('kp.send.back')}
              </Button>
              <Button variant="primary" isPending={busy} onPress={send} data-testid="kp-send">
                {t('kp.send.submit')}
              </Button>
            </>
          )
        }
      >
        <Stack gap="md" data-testid="kp-dialog">
          {general && <Alert kind="error">{general}</Alert>}
          {onForm ? (
            <Stack gap="md">
              <SelectField
                label={t('kp.send.kind')}
                name="kind"
                value={String(form.kind)}
                onChange={set('kind')}
                options={KP_KINDS.map(kind => ({ value: String(kind), label: t(`kp.kinds.${kind}`) }))}
                errorMessage={error('kind')}
              />
              <TextField
                label={t('kp.send.email')}
                name="email"
                type="email"
                value={form.email}
                placeholder={tender.winner_email ?? ''}
                onChange={set('email')}
                description={t('kp.send.emailHint')}
                errorMessage={error('email')}
                isRequired={!tender.winner_email}
              />
              <TextField label={t('kp.send.subject')} name="subject" value={form.subject} onChange={set('subject')} maxLength={KP_SUBJECT_MAX} description={t('kp.send.subjectHint')} errorMessage={error('subject')} />
              {custom && <TextArea label={t('kp.send.body')} name="body" value={form.body} onChange={set('body')} isRequired rows={8} errorMessage={error('body')} />}
            </Stack>
          ) : (
            preview && (
              <Stack gap="sm" data-testid="kp-letter">
                <Meta>{t('kp.send.previewTo', { email: preview.email })}</Meta>
                <Meta>
                  <strong>{preview.subject}</strong>
                </Meta>
                <Letter title={t('kp.send.previewTitle')} sandbox="" srcDoc={preview.html} />
              </Stack>
            )
          )}
        </Stack>
      </Dialog>
    </>
  )
}
