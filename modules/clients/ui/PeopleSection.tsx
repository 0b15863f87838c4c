import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Badge } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { formKey } from '../commands'
import type { Owner, OwnerFormInput, ResponsiblePerson } from '../contract'
import { $forms, $removeFailures, IDLE_FORM } from '../model'
import { PERSON_TYPE, type CompanyKind } from '../rules/catalogues'
import { formatSnils } from '../rules/fields'
import { ownerForm } from '../rules/forms'
import { ownerWarnings } from '../rules/warnings'
import { FieldGrid, FormFooter, Masked, Select, Text } from './fields'
import { str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'
import { PersonForm } from './PersonForm'
import { ConfirmButton, EditorFrame, RecordCard, RemoveFailure, useEditing } from './records'
import { SectionState } from './SectionState'
import { useSection } from './useSection'
import { formatDate, formatShare, WarningBadges } from './view'

/**
 * "Officials and founders" (ClientCompany tab 1, /faces): the responsible persons (head, chief accountant —
 * a sole proprietor needs only the head) and the ultimate beneficiaries with their shares.
 */
export function PeopleSection({ companyId, kind }: { companyId: number; kind: CompanyKind }) {
  const t = useT('clients')
  const persons = useSection(companyId, 'persons')
  const owners = useSection(companyId, 'owners')
  return (
    <Stack gap="xl">
      <Panel title={t('people.persons')}>
        <SectionState
          state={persons.state}
          failedTitle={t('loadFailed.heads')}
          onRetry={persons.retry}
          testId="persons"
        >
          {persons => <Persons companyId={companyId} kind={kind} persons={persons} />}
        </SectionState>
      </Panel>
      <Panel title={t('people.owners')}>
        <SectionState
          state={owners.state}
          failedTitle={t('loadFailed.owners')}
          onRetry={owners.retry}
          testId="owners"
        >
          {owners => <Owners companyId={companyId} owners={owners} />}
        </SectionState>
      </Panel>
    </Stack>
  )
}

function Persons({ companyId, kind, persons }: { companyId: number; kind: CompanyKind; persons: ResponsiblePerson[] }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  const has = (type: number) => persons.some(p => p.type === type)
  const typeToAdd = !has(PERSON_TYPE.head) ? PERSON_TYPE.head : PERSON_TYPE.chiefAccountant
  return (
    <Stack gap="md">
      <RemoveFailure failure={failures.persons} />
      {persons.length === 0 && editing !== 'new' && <EmptyState title={t('people.noPersons')} description={t(kind === 'sole' ? 'people.soleHint' : 'people.legalHint')} />}
      {persons.map(p =>
        editing === p.id ? (
          <EditorFrame key={p.id}>
            <PersonForm companyId={companyId} person={p} type={p.type} onClose={close} />
          </EditorFrame>
        ) : (
          <RecordCard
            key={p.id}
            testId={`person-${p.id}`}
            title={[p.last_name, p.first_name, p.middle_name].filter(Boolean).join(' ')}
            badges={
              <>
                <Badge tone="primary">{t(p.type === PERSON_TYPE.head ? 'person.head' : 'person.accountant')}</Badge>
                {p.is_founder && <Badge tone="success">{t('person.founderShare', { share: formatShare(p.share) })}</Badge>}
                <WarningBadges warnings={p.warnings} />
              </>
            }
            details={[
              [t('person.position'), p.position],
              [t('person.birthday'), formatDate(p.birthday)],
              [t('person.inn'), p.inn],
              [t('person.snils'), p.snils ? formatSnils(p.snils) : null],
              [t('person.documentType'), t(`catalogue.documentType.${p.document_type}`)],
              [t('person.assignedAt'), formatDate(p.assigned_at)],
              [t('person.assignedTo'), formatDate(p.assigned_to)],
            ]}
            actions={
              <>
                <Button size="sm" onPress={() => edit(p.id)} isDisabled={editing !== null}>
                  {t('form.edit')}
                </Button>
                <ConfirmButton
                  label={t('form.delete')}
                  question={t('people.deletePerson')}
                  confirmLabel={t('form.delete')}
                  onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'persons', id: p.id })}
                />
              </>
            }
          />
        ),
      )}
      {editing === 'new' ? (
        <EditorFrame>
          <PersonForm companyId={companyId} person={null} type={typeToAdd} onClose={close} />
        </EditorFrame>
      ) : (
        (kind === 'legal' || !has(PERSON_TYPE.head)) && (
          <Row>
            <Button onPress={() => edit('new')} isDisabled={editing !== null} data-testid="person-add">
              {t(typeToAdd === PERSON_TYPE.head ? 'people.addHead' : 'people.addPerson')}
            </Button>
          </Row>
        )
      )}
    </Stack>
  )
}

interface OwnerValues extends Values {
  kind: string
  name: string
  inn: string
  ogrn: string
  share: string
}

function OwnerForm({ companyId, owner, onClose }: { companyId: number; owner: Owner | null; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const id = owner?.id ?? null
  const form = useForm<OwnerValues>({
    initial: { kind: owner?.kind ?? 'individual', name: str(owner?.name), inn: str(owner?.inn), ogrn: str(owner?.ogrn), share: str(owner?.share) },
    schema: ownerForm,
    toInput: values => ({ ...values, ogrn: values.kind === 'legal' ? values.ogrn : null }),
    warnings: ownerWarnings,
    state: forms[formKey('owners', id)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveOwner', { companyId, id, form: input as OwnerFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  const legal = form.values.kind === 'legal'
  return (
    <form onSubmit={form.submit} noValidate data-testid="owner-form" aria-label={t('people.owner')}>
      <Stack gap="lg">
        <FieldGrid>
          <Select
            field={f('kind')}
            label={t('owner.kind')}
            options={[
              { value: 'individual', label: t('catalogue.ownerKind.individual') },
              { value: 'legal', label: t('catalogue.ownerKind.legal') },
            ]}
          />
          <Text field={f('name')} label={t(legal ? 'owner.companyName' : 'owner.personName')} isRequired />
          <Masked field={f('inn')} label={t('owner.inn')} mask={legal ? '##########' : '############'} />
          {legal && <Masked field={f('ogrn')} label={t('owner.ogrn')} mask="#############" />}
          <Text field={f('share')} label={t('owner.share')} inputMode="decimal" isRequired description={t('owner.shareHint')} />
        </FieldGrid>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}

function Owners({ companyId, owners }: { companyId: number; owners: Owner[] }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  const total = owners.reduce((sum, o) => sum + o.share, 0)
  return (
    <Stack gap="md">
      <RemoveFailure failure={failures.owners} />
      {owners.length === 0 && editing !== 'new' && <EmptyState title={t('people.noOwners')} description={t('people.ownersHint')} />}
      {owners.length > 0 && <p>{t('people.sharesTotal', { total: formatShare(total) })}</p>}
      {owners.map(o =>
        editing === o.id ? (
          <EditorFrame key={o.id}>
            <OwnerForm companyId={companyId} owner={o} onClose={close} />
          </EditorFrame>
        ) : (
          <RecordCard
            key={o.id}
            testId={`owner-${o.id}`}
            title={o.name}
            badges={
              <>
                <Badge>{t(`catalogue.ownerKind.${o.kind}`)}</Badge>
                <Badge tone="success">{formatShare(o.share)} %</Badge>
                <WarningBadges warnings={o.warnings} />
              </>
            }
            details={[
              [t('owner.inn'), o.inn],
              [t('owner.ogrn'), o.ogrn],
            ]}
            actions={
              <>
                <Button size="sm" onPress={() => edit(o.id)} isDisabled={editing !== null}>
                  {t('form.edit')}
                </Button>
                <ConfirmButton
                  label={t('form.delete')}
                  question={t('people.deleteOwner')}
                  confirmLabel={t('form.delete')}
                  onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'owners', id: o.id })}
                />
              </>
            }
          />
        ),
      )}
      {editing === 'new' ? (
        <EditorFrame>
          <OwnerForm companyId={companyId} owner={null} onClose={close} />
        </EditorFrame>
      ) : (
        <Row>
          <Button onPress={() => edit('new')} isDisabled={editing !== null} data-testid="owner-add">
            {t('people.addOwner')}
          </Button>
        </Row>
      )}
    </Stack>
  )
}
