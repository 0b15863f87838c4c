import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextArea } from '../../../core/ui/TextArea'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import { formKey } from '../commands'
import type { CompanyDocument, DocumentFormInput, FileInfo, Licence, LicenceFormInput } from '../contract'
import { $forms, $removeFailures, IDLE_FORM } from '../model'
import { REQUIRED_DOCUMENT_KINDS, type CompanyKind } from '../rules/catalogues'
import { documentForm, licenceForm } from '../rules/forms'
import { documentKindOptions } from './catalogue'
import { DateInput, FieldGrid, FormFooter, Select, Text, useMessage, Wide } from './fields'
import { FileUpload } from './FileUpload'
import { DataTable, TableScroll } from './tables'
import { isoToRu, str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'
import { PublicLinks } from './PublicLinks'
import { ConfirmButton, EditorFrame, RecordCard, RemoveFailure, useEditing } from './records'
import { SectionState } from './SectionState'
import { useSection } from './useSection'
import { formatBytes, formatDate, useDateTime } from './view'

/** A file of the company, downloaded with the session (the link needs the token, so it is a button). */
export function FileButton({ companyId, file }: { companyId: number; file: FileInfo }) {
  const dispatch = useDispatch()
  return (
    <Button size="sm" variant="ghost" onPress={() => void dispatch('clients/downloadFile', { companyId, fileId: file.id, name: file.name })}>
      {file.name} · {formatBytes(file.size)}
    </Button>
  )
}

interface DocumentValues extends Values {
  kind: string
  name: string
  file_id: string
  file: FileInfo | null
}

function DocumentForm({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const message = useMessage()
  const form = useForm<DocumentValues>({
    initial: { kind: '', name: '', file_id: '', file: null },
    schema: documentForm,
    toInput: ({ kind, name, file_id }) => ({ kind, name, file_id }),
    state: forms[formKey('documents', null)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveDocument', { companyId, form: input as DocumentFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  return (
    <form onSubmit={form.submit} noValidate data-testid="document-form" aria-label={t('documents.add')}>
      <Stack gap="lg">
        <FieldGrid>
          <Select field={f('kind')} label={t('documents.kind')} options={documentKindOptions(t)} placeholder={t('form.notChosen')} isRequired />
          <Text field={f('name')} label={t('documents.name')} />
          <Wide>
            <FileUpload
              companyId={companyId}
              label={t('documents.file')}
              hint={t('documents.multiPage')}
              file={form.values.file}
              isRequired
              errorMessage={message(f('file_id').error)}
              onUploaded={file =>
                form.setMany({
                  file,
                  file_id: file ? String(file.id) : '',
                  // The file's name is a fair default for the document's.
                  ...(file && !form.values.name ? { name: file.name.replace(/\.[^.]+$/, '') } : {}),
                })
              }
            />
          </Wide>
        </FieldGrid>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}

function Documents({ companyId, kind, documents }: { companyId: number; kind: CompanyKind; documents: CompanyDocument[] }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const failures = useUnit($removeFailures)
  const when = useDateTime()
  const { editing, edit, close } = useEditing()
  const missing = REQUIRED_DOCUMENT_KINDS[kind].filter(k => !documents.some(d => d.kind === k))
  return (
    <Stack gap="md">
      <RemoveFailure failure={failures.documents} />
      {missing.length > 0 && (
        <p data-testid="documents-missing">{t('documents.missing', { kinds: missing.map(k => t(`catalogue.documentKind.${k}`)).join(', ') })}</p>
      )}
      {documents.length === 0 && editing === null && <EmptyState title={t('documents.none')} description={t('documents.noneHint')} />}
      {documents.length > 0 && (
        <TableScroll>
          <DataTable data-testid="documents-table">
            <thead>
              <tr>
                <th scope="col">{t('documents.kind')}</th>
                <th scope="col">{t('documents.name')}</th>
                <th scope="col">{t('documents.file')}</th>
                <th scope="col">{t('documents.added')}</th>
                <th scope="col">
                  <VisuallyHidden>{t('form.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {documents.map(d => (
                <tr key={d.id}>
                  <td>{t(`catalogue.documentKind.${d.kind}`)}</td>
                  <td>{d.name}</td>
                  <td>
                    <FileButton companyId={companyId} file={d.file} />
                  </td>
                  <td>{when(d.created_at)}</td>
                  <td>
                    <ConfirmButton
                      label={t('form.delete')}
                      question={t('documents.delete', { name: d.name })}
                      confirmLabel={t('form.delete')}
                      onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'documents', id: d.id })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
      {editing === 'new' ? (
        <EditorFrame>
          <DocumentForm companyId={companyId} onClose={close} />
        </EditorFrame>
      ) : (
        <Row>
          <Button onPress={() => edit('new')} data-testid="document-add">
            {t('documents.add')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}

interface LicenceValues extends Values {
  kind: string
  number: string
  issuer: string
  activities: string
  issue_date: string
  end_date: string
  file_id: string
  file: FileInfo | null
}

function LicenceForm({ companyId, licence, onClose }: { companyId: number; licence: Licence | null; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const id = licence?.id ?? null
  const form = useForm<LicenceValues>({
    initial: {
      kind: str(licence?.kind),
      number: str(licence?.number),
      issuer: str(licence?.issuer),
      activities: (licence?.activities ?? []).join('\n'),
      issue_date: isoToRu(licence?.issue_date),
      end_date: isoToRu(licence?.end_date),
      file_id: licence?.file ? String(licence.file.id) : '',
      file: licence?.file ?? null,
    },
    schema: licenceForm,
    toInput: ({ file: _file, activities, file_id, ...rest }) => ({
      ...rest,
      activities: activities.split('\n').map(a => a.trim()).filter(Boolean),
      file_id: file_id || null,
    }),
    state: forms[formKey('licences', id)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveLicence', { companyId, id, form: input as LicenceFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  const activities = f('activities')
  return (
    <form onSubmit={form.submit} noValidate data-testid="licence-form" aria-label={t('licences.title')}>
      <Stack gap="lg">
        <FieldGrid>
          <Wide>
            <Text field={f('kind')} label={t('licences.kind')} isRequired />
          </Wide>
          <Text field={f('number')} label={t('licences.number')} isRequired />
          <Text field={f('issuer')} label={t('licences.issuer')} isRequired />
          <DateInput field={f('issue_date')} label={t('licences.issueDate')} isRequired />
          <DateInput field={f('end_date')} label={t('licences.endDate')} description={t('licences.endDateHint')} />
          <Wide>
            <TextArea
              name="activities"
              label={t('licences.activities')}
              description={t('licences.activitiesHint')}
              value={activities.value}
              onChange={activities.onChange}
              rows={3}
            />
          </Wide>
          <Wide>
            <FileUpload
              companyId={companyId}
              label={t('licences.file')}
              hint={t('documents.multiPage')}
              file={form.values.file}
              onUploaded={file => (file ? form.setMany({ file, file_id: String(file.id) }) : undefined)}
            />
          </Wide>
        </FieldGrid>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}

function Licences({ companyId, licences }: { companyId: number; licences: Licence[] }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  return (
    <Stack gap="md">
      <RemoveFailure failure={failures.licences} />
      {licences.length === 0 && editing !== 'new' && <EmptyState title={t('licences.none')} />}
      {licences.map(l =>
        editing === l.id ? (
          <EditorFrame key={l.id}>
            <LicenceForm companyId={companyId} licence={l} onClose={close} />
          </EditorFrame>
        ) : (
          <RecordCard
            key={l.id}
            testId={`licence-${l.id}`}
            title={l.kind}
            details={[
              [t('licences.number'), l.number],
              [t('licences.issuer'), l.issuer],
              [t('licences.issueDate'), formatDate(l.issue_date)],
              [t('licences.endDate'), formatDate(l.end_date) ?? t('licences.indefinite')],
              [t('licences.activities'), l.activities.length > 0 ? l.activities.join('; ') : null],
              [t('licences.file'), l.file ? <FileButton companyId={companyId} file={l.file} /> : null],
            ]}
            actions={
              <>
                <Button size="sm" onPress={() => edit(l.id)} isDisabled={editing !== null}>
                  {t('form.edit')}
                </Button>
                <ConfirmButton
                  label={t('form.delete')}
                  question={t('licences.delete')}
                  confirmLabel={t('form.delete')}
                  onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'licences', id: l.id })}
                />
              </>
            }
          />
        ),
      )}
      {editing === 'new' ? (
        <EditorFrame>
          <LicenceForm companyId={companyId} licence={null} onClose={close} />
        </EditorFrame>
      ) : (
        <Row>
          <Button onPress={() => edit('new')} isDisabled={editing !== null} data-testid="licence-add">
            {t('licences.add')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}

/** Documents and licences (ClientDocuments, /documents), and the public link to them. */
export function DocumentsSection({ companyId, kind }: { companyId: number; kind: CompanyKind }) {
  const t = useT('clients')
  const documents = useSection(companyId, 'documents')
  const licences = useSection(companyId, 'licences')
  return (
    <Stack gap="xl">
      <Panel title={t('documents.title')}>
        <SectionState
          state={documents.state}
          failedTitle={t('loadFailed.documents')}
          onRetry={documents.retry}
          testId="documents"
        >
          {documents => <Documents companyId={companyId} kind={kind} documents={documents} />}
        </SectionState>
      </Panel>
      <Panel title={t('licences.title')}>
        <SectionState
          state={licences.state}
          failedTitle={t('loadFailed.licences')}
          onRetry={licences.retry}
          testId="licences"
        >
          {licences => <Licences companyId={companyId} licences={licences} />}
        </SectionState>
      </Panel>
      <PublicLinks companyId={companyId} kind="documents" />
    </Stack>
  )
}
