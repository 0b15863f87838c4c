import { useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Badge } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Panel } from '../../../../core/ui/Card'
import { Dialog } from '../../../../core/ui/Dialog'
import { ProgressBar } from '../../../../core/ui/ProgressBar'
import { SelectField } from '../../../../core/ui/SelectField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { clientsApi, type CompanyDocument } from '../../../clients/contract'
import { bidsApi, type BidDocument } from '../../contract'
import { bidDocumentsApi, GENERATED_DOCUMENTS, isGenerated, UPLOAD_KINDS, type BidDocuments, type UploadKind } from '../../documents'
import { useFormat } from './format'
import { useResource, type Loaded } from '../../../../core/react/useResource'

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`
export const Scroll = styled.div`
  /* A containing block too: visually hidden texts (position: absolute) in cells stay inside the scroll. */
  position: relative;
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`

type Upload = { name: string; loaded: number; total: number; status: 'uploading' | 'failed'; message: string | null; file: File; kind: UploadKind }

/** Hands a downloaded file to the browser. */
export function saveFile(blob: Blob, name: string): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/**
 * The bid's documents: what is there, what the checklist still misses, an upload of a chosen kind with its progress
 * (a failure offers the same file again), and the company's own documents to reuse. Changing them is offered only
 * when the server says this user may now (`can_change`).
 */
export function Documents({ bidId, companyId, state, reload, onChanged }: {
  bidId: number
  companyId: number
  state: Loaded<BidDocuments>
  reload: () => void
  onChanged: () => void
}) {
  const t = useT('bids')
  const { api } = useRuntime()
  const f = useFormat()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [kind, setKind] = useState<UploadKind>('passport')
  const [upload, setUpload] = useState<Upload | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [reusing, setReusing] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const view = state.data
  const kindLabel = (k: string) => t(`documentKinds.${k}`)

  async function start(file: File, as: UploadKind) {
    setDone(null)
    setUpload({ name: file.name, loaded: 0, total: file.size, status: 'uploading', message: null, file, kind: as })
    try {
      await api.upload<BidDocument>(bidDocumentsApi.upload(bidId, as), file, file.name, {
        quiet: true,
        onProgress: (loaded, total) => setUpload(u => (u && u.file === file ? { ...u, loaded, total } : u)),
      })
      setUpload(null)
      setDone(file.name)
      onChanged()
    } catch (failure) {
      setUpload(u => (u && u.file === file ? { ...u, status: 'failed', message: asFailure(failure).message ?? null } : u))
    }
  }

  async function remove(doc: BidDocument) {
    setError(null)
    try {
      await api.post(bidDocumentsApi.remove(bidId, doc.id), {}, { quiet: true })
      onChanged()
    } catch (failure) {
      setError(asFailure(failure).message ?? t('bid.documents.failed'))
    }
  }

  async function download(doc: BidDocument) {
    const path = isGenerated(doc.kind) ? bidsApi.document(bidId, GENERATED_DOCUMENTS[doc.kind]) : bidDocumentsApi.file(bidId, doc.id)
    const file = await api.download(path).catch(() => null)
    if (file) saveFile(file.blob, file.name ?? doc.name)
  }

  return (
    <Panel id="documents" title={t('bid.sections.documents')} data-testid="bid-documents">
      <Stack gap="md">
        {state.status === 'failed' && view === null && (
          <Alert kind="error" title={t('bid.documents.loadFailed')} action={<Button size="sm" onPress={reload}>{t('bid.retry')}</Button>}>
            {state.failure.message}
          </Alert>
        )}
        {view === null && state.status === 'loading' && <p role="status">{t('bid.loading')}</p>}
        {view && (
          <>
            {view.missing.length > 0 ? (
              <Alert kind="warning" role="status" title={t('bid.documents.missingTitle')}>
                <span data-testid="documents-missing">{view.missing.map(kindLabel).join(', ')}</span>
              </Alert>
            ) : (
              <p data-testid="documents-complete">{t('bid.documents.complete')}</p>
            )}
            {view.items.length === 0 ? (
              <p>{t('bid.documents.none')}</p>
            ) : (
              <Scroll>
                <table data-testid="documents-table">
                  <caption>
                    <VisuallyHidden>{t('bid.sections.documents')}</VisuallyHidden>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('bid.documents.kind')}</th>
                      <th scope="col">{t('bid.documents.file')}</th>
                      <th scope="col">{t('bid.documents.added')}</th>
                      <th scope="col">
                        <VisuallyHidden>{t('bid.documents.actions')}</VisuallyHidden>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.items.map(doc => (
                      <tr key={doc.id}>
                        <td>
                          {kindLabel(doc.kind)}
                          {doc.company_document_id !== null && (
                            <>
                              {' '}
                              <Badge tone="info">{t('bid.documents.fromCompany')}</Badge>
                            </>
                          )}
                        </td>
                        <td>
                          <Button size="sm" variant="ghost" onPress={() => void download(doc)}>
                            {doc.name} · {f.bytes(doc.size)}
                          </Button>
                        </td>
                        <td>{f.instant(doc.created_at)}</td>
                        <td>
                          {view.can_change && !isGenerated(doc.kind) && (
                            <Button size="sm" variant="ghost" onPress={() => void remove(doc)} aria-label={t('bid.documents.deleteOne', { name: doc.name })}>
                              {t('bid.documents.delete')}
                            </Button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Scroll>
            )}
            {error && <Alert kind="error">{error}</Alert>}
            {view.can_change && (
              <Stack gap="sm">
                <Row gap="sm" wrap align="end">
                  <SelectField
                    label={t('bid.documents.kind')}
                    value={kind}
                    onChange={value => setKind(value as UploadKind)}
                    options={UPLOAD_KINDS.map(k => ({ value: k, label: kindLabel(k) }))}
                  />
                  <Hidden
                    ref={input}
                    id={inputId}
                    type="file"
                    name="file"
                    aria-label={t('bid.documents.choose')}
                    tabIndex={-1}
                    data-testid="bid-file-input"
                    onChange={e => {
                      const picked = e.target.files?.[0]
                      e.target.value = ''
                      if (picked) void start(picked, kind)
                    }}
                  />
                  <Button onPress={() => input.current?.click()} isDisabled={upload?.status === 'uploading'}>
                    {t('bid.documents.upload')}
                  </Button>
                  <Button variant="ghost" onPress={() => setReusing(true)}>
                    {t('bid.documents.reuse')}
                  </Button>
                </Row>
                <p>{t('bid.documents.multiPage')}</p>
              </Stack>
            )}
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
                  <Button size="sm" onPress={() => void start(upload.file, upload.kind)} data-testid="upload-retry">
                    {t('bid.retry')}
                  </Button>
                }
              >
                {upload.message}
              </Alert>
            )}
            <VisuallyHidden role="status">{done ? t('bid.documents.uploaded', { name: done }) : ''}</VisuallyHidden>
          </>
        )}
      </Stack>
      {reusing && <ReuseDialog bidId={bidId} companyId={companyId} onClose={() => setReusing(false)} onReused={onChanged} />}
    </Panel>
  )
}

/** One of the company's documents, taken as a document of the bid of a chosen kind. */
function ReuseDialog({ bidId, companyId, onClose, onReused }: { bidId: number; companyId: number; onClose: () => void; onReused: () => void }) {
  const t = useT('bids')
  const { api } = useRuntime()
  const [docs] = useResource<CompanyDocument[]>(clientsApi.documents(companyId))
  const [chosen, setChosen] = useState('')
  const [kind, setKind] = useState<UploadKind>('passport')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const list = docs.data ?? []

  async function reuse() {
    if (!chosen) return setError(t('bid.documents.reuseChoose'))
    setPending(true)
    setError(null)
    try {
      await api.post(bidDocumentsApi.reuse(bidId), { company_document_id: Number(chosen), kind }, { quiet: true })
      onReused()
      onClose()
    } catch (failure) {
      const f = asFailure(failure)
      setError(Object.values(f.validation ?? {})[0] ?? f.message ?? t('bid.documents.failed'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      isOpen
      onOpenChange={open => !open && !pending && onClose()}
      title={t('bid.documents.reuseTitle')}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('bid.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} isDisabled={list.length === 0} onPress={() => void reuse()}>
            {t('bid.documents.reuseConfirm')}
          </Button>
        </>
      )}
    >
      <Stack gap="md">
        {docs.status === 'loading' && <p role="status">{t('bid.loading')}</p>}
        {docs.status !== 'loading' && list.length === 0 && <p>{t('bid.documents.reuseNone')}</p>}
        {list.length > 0 && (
          <>
            <SelectField
              label={t('bid.documents.companyDocument')}
              value={chosen}
              onChange={setChosen}
              placeholder={t('bid.documents.reuseChoose')}
              isRequired
              options={list.map(d => ({ value: String(d.id), label: `${d.name} (${d.file.name})` }))}
            />
            <SelectField
              label={t('bid.documents.kind')}
              value={kind}
              onChange={value => setKind(value as UploadKind)}
              options={UPLOAD_KINDS.map(k => ({ value: k, label: t(`documentKinds.${k}`) }))}
            />
          </>
        )}
        {error && <Alert kind="error">{error}</Alert>}
      </Stack>
    </Dialog>
  )
}
