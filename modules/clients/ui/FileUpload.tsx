import { useUnit } from 'effector-react'
import { useEffect, useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { ProgressBar } from '../../../core/ui/ProgressBar'
import { Row, Stack } from '../../../core/ui/Stack'
import type { FileInfo } from '../contract'
import { $uploads } from '../model'
import { useMessage } from './fields'
import { formatBytes } from './view'

const Hidden = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`
const Label = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`
const ErrorText = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.errorText};
`
const Hint = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`

let uploads = 0

/**
 * Picks one file and uploads it at once with a progress bar (issue 5 §1); a failure says "something went
 * wrong" with a retry of the same file (SPEC §8). `onUploaded` gets the stored file for the form to save.
 */
export function FileUpload({ companyId, label, hint, file, onUploaded, isRequired, errorMessage }: {
  companyId: number
  label: string
  hint?: string
  /** The file the form holds now (an uploaded one, or the record's own). */
  file: Pick<FileInfo, 'name' | 'size'> | null
  onUploaded: (file: FileInfo | null) => void
  isRequired?: boolean
  errorMessage?: string | null
}) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const message = useMessage()
  const all = useUnit($uploads)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const chosen = useRef<File | null>(null)
  const [uploadId, setUploadId] = useState<string | null>(null)
  const upload = uploadId ? all[uploadId] : undefined

  const start = (picked: File) => {
    chosen.current = picked
    if (uploadId) void dispatch('clients/discardUpload', { uploadId })
    const id = `upload-${++uploads}`
    setUploadId(id)
    onUploaded(null)
    void dispatch('clients/uploadFile', { companyId, uploadId: id, file: picked })
  }

  // Tell the form once the server has the file.
  const doneFile = upload?.status === 'done' ? upload.file : null
  const latest = useRef(onUploaded)
  latest.current = onUploaded
  useEffect(() => {
    if (doneFile) latest.current(doneFile)
  }, [doneFile])
  useEffect(() => () => {
    if (uploadId) void dispatch('clients/discardUpload', { uploadId })
  }, [dispatch, uploadId])

  const busy = upload?.status === 'uploading'
  return (
    <Stack gap="xs" data-testid="file-upload">
      <Label id={`${inputId}-label`}>
        {label}
        {isRequired && <span aria-hidden="true"> *</span>}
      </Label>
      <Hidden
        ref={input}
        id={inputId}
        type="file"
        name="file"
        aria-labelledby={`${inputId}-label`}
        tabIndex={-1}
        onChange={e => {
          const picked = e.target.files?.[0]
          e.target.value = ''
          if (picked) start(picked)
        }}
      />
      <Row gap="sm" wrap>
        <Button size="sm" onPress={() => input.current?.click()} isDisabled={busy} data-testid="file-choose">
          {file || upload ? t('upload.replace') : t('upload.choose')}
        </Button>
        {file && !busy && (
          <span data-testid="file-chosen">
            {file.name} · {formatBytes(file.size)}
          </span>
        )}
      </Row>
      {upload && upload.status !== 'failed' && (
        <ProgressBar
          label={upload.name}
          value={upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : upload.status === 'done' ? 100 : 0}
          valueLabel={upload.status === 'done' ? t('upload.done') : t('upload.progress', { loaded: formatBytes(upload.loaded), total: formatBytes(upload.total) })}
          data-testid="upload-progress"
        />
      )}
      {upload?.status === 'failed' && (
        <Alert
          kind="error"
          title={t('upload.failed')}
          action={
            chosen.current && (
              <Button size="sm" onPress={() => chosen.current && start(chosen.current)} data-testid="upload-retry">
                {t('retry')}
              </Button>
            )
          }
        >
          {message(upload.failure?.message)}
        </Alert>
      )}
      {hint && <Hint>{hint}</Hint>}
      {errorMessage && (
        <ErrorText role="alert">{errorMessage}</ErrorText>
      )}
    </Stack>
  )
}
