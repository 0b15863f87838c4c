import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Panel } from '../../../core/ui/Card'
import { PageHeader } from '../../../core/ui/PageHeader'
import { ProgressBar } from '../../../core/ui/ProgressBar'
import { Stack } from '../../../core/ui/Stack'
import { IMPORT_COLUMNS, REQUIRED_COLUMNS } from '../import/contract'
import { $import } from '../import/model'
import { DropZone } from './upload/DropZone'
import { formatBytes } from './upload/format'
import { ImportHistory } from './upload/ImportHistory'
import { ImportResult } from './upload/ImportResult'

const Columns = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  & dt {
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
  }
  & dd {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
    & dd {
      margin-bottom: ${({ theme }) => theme.space.xs};
    }
  }
`

/**
 * /upload (role 100, issue 12 §5): a CSV or XLSX of tenders goes up with a progress bar; the server checks every row
 * and imports all or none. A rejected file's report says row by row what to fix; the history keeps every import.
 */
export default function UploadPage() {
  const t = useT('tenders')
  const dispatch = useDispatch()
  const state = useUnit($import)
  const busy = state.status === 'uploading' || state.status === 'saving'
  return (
    <Stack gap="lg" data-testid="upload-page">
      <PageHeader title={t('import.title')} description={t('import.intro')} />
      <DropZone isDisabled={busy} onFile={file => void dispatch('tenders/uploadImport', { file })} />
      {busy && (
        <div data-testid="import-progress">
          <ProgressBar
            label={t('import.uploading', { name: state.name })}
            value={state.total > 0 ? Math.round((state.loaded / state.total) * 100) : 0}
            valueLabel={state.status === 'saving' ? t('import.saving') : t('import.progress', { loaded: formatBytes(state.loaded), total: formatBytes(state.total) })}
          />
        </div>
      )}
      {state.status === 'failed' && (
        <Alert kind="error" title={t('import.failed')}>
          {state.failure.message}
        </Alert>
      )}
      {state.status === 'done' && <ImportResult record={state.record} />}
      <ImportHistory />
      <Panel title={t('import.columnsTitle')} headingLevel={2}>
        <Columns>
          {IMPORT_COLUMNS.map(c => (
            <div key={c} style={{ display: 'contents' }}>
              <dt>{c}</dt>
              <dd>
                {t(`import.columns.${c}`)}
                {REQUIRED_COLUMNS.includes(c) && ` (${t('import.required')})`}
              </dd>
            </div>
          ))}
        </Columns>
      </Panel>
    </Stack>
  )
}
