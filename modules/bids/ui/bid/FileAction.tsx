import { useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Dialog } from '../../../../core/ui/Dialog'
import { ProgressBar } from '../../../../core/ui/ProgressBar'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextArea } from '../../../../core/ui/TextArea'
import { parseInput } from '../../../../core/workflow/input'
import { actionLabelKey, inputLabelKey } from '../../../../core/workflow/keys'
import { bidsApi, type BidRequest, type RequestFile } from '../../contract'
import { requestWorkflow } from '../../workflow'
import { saveFile } from './Documents'
import { useFormat } from './format'

/** The request actions that carry a file: the bank's offer (its draft) and the issue (the guarantee). */
export const FILE_ACTIONS = { makeOffer: { field: 'draft_file', kind: 'draft' }, issue: { field: 'guarantee_file', kind: 'guarantee' } } as const
export type FileAction = keyof typeof FILE_ACTIONS

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`

type Upload = { name: string; loaded: number; total: number; status: 'uploading' | 'failed' | 'done'; message: string | null; file: File }

/** A link-like button that downloads a request's file (the offer draft, the guarantee) with the session's token. */
export function RequestFileLink({ request, fileRef, label }: { request: Pick<BidRequest, 'id' | 'bid_id'>; fileRef: string | null; label: string }) {
  const { api } = useRuntime()
  const [failed, setFailed] = useState(false)
  if (!fileRef) return <>—</>
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid="request-file-link"
      onPress={async () => {
        setFailed(false)
        const file = await api.download(bidsApi.requestFile(request.bid_id, request.id, fileRef)).catch(() => null)
        if (file) saveFile(file.blob, file.name ?? label)
        else setFailed(true)
      }}
    >
      {label}
      {failed ? ' ⚠' : ''}
    </Button>
  )
}

/**
 * The bank's makeOffer / issue dialog: the action's text inputs (checked by the declaration's schema) and its file,
 * uploaded at once with its progress (a failure offers the same file again); the answer's `ref` goes with the action.
 */
export function FileActionDialog({ request, action, onClose, onSubmit }: {
  request: BidRequest
  action: FileAction
  onClose: () => void
  onSubmit: (input: Record<string, unknown>) => Promise<unknown>
}) {
  const t = useT('bids')
  const { api } = useRuntime()
  const f = useFormat()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const { field, kind } = FILE_ACTIONS[action]
  const schema = requestWorkflow.actions[action].requires!
  const names = Object.keys(schema.entries).filter(name => name !== field)
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(names.map(name => [name, ''])))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [upload, setUpload] = useState<Upload | null>(null)
  const [ref, setRef] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function start(file: File) {
    setRef(null)
    setUpload({ name: file.name, loaded: 0, total: file.size, status: 'uploading', message: null, file })
    try {
      const stored = await api.upload<RequestFile>(bidsApi.requestFiles(request.bid_id, request.id, kind), file, file.name, {
        quiet: true,
        onProgress: (loaded, total) => setUpload(u => (u && u.file === file ? { ...u, loaded, total } : u)),
      })
      setRef(stored.ref)
      setUpload(u => (u && u.file === file ? { ...u, status: 'done', loaded: u.total } : u))
    } catch (failure) {
      setUpload(u => (u && u.file === file ? { ...u, status: 'failed', message: asFailure(failure).message ?? null } : u))
    }
  }

  async function submit() {
    // An optional field left empty is not sent (the conditions); a required one left empty stays for the schema to name.
    const given = Object.fromEntries(Object.entries(values).filter(([name, value]) => value.trim() !== '' || name !== 'conditions'))
    const parsed = parseInput(schema, ref ? { ...given, [field]: ref } : given)
    if (!parsed.ok) return setErrors(Object.fromEntries(Object.entries(parsed.validation).map(([name, key]) => [name, t(key)])))
    setErrors({})
    setPending(true)
    try {
      await onSubmit(parsed.output)
      onClose()
    } catch (failure) {
      const validation = (failure as { validation?: unknown } | null)?.validation
      setErrors(validation && typeof validation === 'object' ? (validation as Record<string, string>) : { '': asFailure(failure).message ?? '' })
    } finally {
      setPending(false)
    }
  }

  const busy = pending || upload?.status === 'uploading'
  const general = Object.entries(errors).filter(([name]) => !names.includes(name) && name !== field)
  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !pending && onClose()}
      title={t(actionLabelKey(requestWorkflow, action))}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('bid.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} isDisabled={busy && !pending} onPress={() => void submit()} data-testid="file-action-confirm">
            {t('bid.fileAction.confirm')}
          </Button>
        </>
      )}
    >
      <Stack data-testid={`file-action-${action}`}>
        {names.map(name => (
          <TextArea
            key={name}
            name={name}
            label={t(inputLabelKey(requestWorkflow, name))}
            rows={name === 'conditions' ? 3 : 1}
            isRequired={name !== 'conditions'}
            isDisabled={pending}
            value={values[name] ?? ''}
            onChange={value => {
              setValues(current => ({ ...current, [name]: value }))
              setErrors(({ [name]: _, ...rest }) => rest)
            }}
            errorMessage={errors[name]}
          />
        ))}
        <Stack gap="xs">
          <span id={`${inputId}-label`}>{t(inputLabelKey(requestWorkflow, field))}</span>
          <Hidden
            ref={input}
            type="file"
            name="file"
            aria-labelledby={`${inputId}-label`}
            tabIndex={-1}
            data-testid="request-file-input"
            onChange={e => {
              const picked = e.target.files?.[0]
              e.target.value = ''
              if (picked) void start(picked)
            }}
          />
          <Row gap="sm" wrap>
            <Button size="sm" onPress={() => input.current?.click()} isDisabled={busy} aria-describedby={`${inputId}-label`}>
              {upload ? t('bid.fileAction.replace') : t('bid.documents.choose')}
            </Button>
            {upload?.status === 'done' && <span data-testid="request-file-chosen">{t('bid.fileAction.uploaded', { name: upload.name })} · {f.bytes(upload.total)}</span>}
          </Row>
          {upload?.status === 'uploading' && (
            <ProgressBar
              label={upload.name}
              value={upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0}
              valueLabel={t('bid.documents.progress', { loaded: f.bytes(upload.loaded), total: f.bytes(upload.total) })}
              data-testid="upload-progress"
            />
          )}
          {upload?.status === 'failed' && (
            <Alert
              kind="error"
              title={t('bid.documents.uploadFailed', { name: upload.name })}
              action={
                <Button size="sm" onPress={() => void start(upload.file)} data-testid="upload-retry">
                  {t('bid.retry')}
                </Button>
              }
            >
              {upload.message}
            </Alert>
          )}
          {errors[field] && <span role="alert">{errors[field]}</span>}
        </Stack>
        {general.length > 0 && <Alert kind="error">{general.map(([, text]) => text).join('\n')}</Alert>}
      </Stack>
    </Dialog>
  )
}
