import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Stack } from '../../../core/ui/Stack'
import { formKey } from '../commands'
import type { PersonFormInput, PersonIdentity, ResponsiblePerson } from '../contract'
import { $forms, IDLE_FORM } from '../model'
import { formatPassportSeries, formatSnils, formatSubdivisionCode } from '../rules/fields'
import { personForm } from '../rules/forms'
import { personWarnings } from '../rules/warnings'
import { citizenshipOptions, documentTypeOptions, termOptions } from './catalogue'
import { Check, DateInput, FieldGrid, Fieldset, FormFooter, Legend, Masked, Select, Text, Wide } from './fields'
import { isoToRu, str, useForm, type Form, type Values } from './form'
import { useUnsavedChanges } from './guard'

export interface IdentityValues extends Values {
  last_name: string
  first_name: string
  middle_name: string
  birthday: string
  birthplace: string
  citizenship: string
  inn: string
  snils: string
  registration_address: string
  document_type: string
  document_series: string
  document_number: string
  document_issue_date: string
  document_issuer: string
  subdivision_code: string
}

/** Stored digits → the masked readings the fields show (SPEC §5: snils `###-###-### ##`, series `## ##`, code `###-###`). */
export function identityValues(p: PersonIdentity | null): IdentityValues {
  const russian = (p?.document_type ?? 1) === 1
  return {
    last_name: str(p?.last_name),
    first_name: str(p?.first_name),
    middle_name: str(p?.middle_name),
    birthday: isoToRu(p?.birthday),
    birthplace: str(p?.birthplace),
    citizenship: p?.citizenship ?? '643',
    inn: str(p?.inn),
    snils: p?.snils ? formatSnils(p.snils) : '',
    registration_address: str(p?.registration_address),
    document_type: String(p?.document_type ?? 1),
    document_series: p?.document_series ? (russian ? formatPassportSeries(p.document_series) : p.document_series) : '',
    document_number: str(p?.document_number),
    document_issue_date: isoToRu(p?.document_issue_date),
    document_issuer: str(p?.document_issuer),
    subdivision_code: p?.subdivision_code ? formatSubdivisionCode(p.subdivision_code) : '',
  }
}

/** Name, birth, citizenship, inn, snils and the identity document: shared by responsible persons and individuals. */
export function IdentityFields<V extends IdentityValues>({ form }: { form: Form<V> }) {
  const t = useT('clients')
  const f = form.field
  const russianDocument = form.values.document_type === '1' || form.values.document_type === ''
  return (
    <>
      <Fieldset>
        <Legend>{t('person.identity')}</Legend>
        <FieldGrid>
          <Text field={f('last_name')} label={t('person.lastName')} isRequired />
          <Text field={f('first_name')} label={t('person.firstName')} isRequired />
          <Text field={f('middle_name')} label={t('person.middleName')} />
          <DateInput field={f('birthday')} label={t('person.birthday')} />
          <Text field={f('birthplace')} label={t('person.birthplace')} />
          <Select field={f('citizenship')} label={t('person.citizenship')} options={citizenshipOptions(t)} />
          <Masked field={f('inn')} label={t('person.inn')} mask="############" />
          <Masked field={f('snils')} label={t('person.snils')} mask="###-###-### ##" />
          <Wide>
            <Text field={f('registration_address')} label={t('person.registrationAddress')} />
          </Wide>
        </FieldGrid>
      </Fieldset>
      <Fieldset>
        <Legend>{t('person.document')}</Legend>
        <FieldGrid>
          <Select
            field={{
              ...f('document_type'),
              // Another kind of document has other number rules: what was typed for the old one would not fit.
              onChange: value => form.setMany({ document_type: value, document_series: '', document_number: '', subdivision_code: '' } as Partial<V>),
            }}
            label={t('person.documentType')}
            options={documentTypeOptions(t)}
          />
          {russianDocument ? (
            <>
              <Masked field={f('document_series')} label={t('person.series')} mask="## ##" />
              <Masked field={f('document_number')} label={t('person.number')} mask="######" />
              <Masked field={f('subdivision_code')} label={t('person.subdivisionCode')} mask="###-###" />
            </>
          ) : (
            <>
              <Text field={f('document_series')} label={t('person.series')} maxLength={10} />
              <Masked field={f('document_number')} label={t('person.number')} mask="#########" />
            </>
          )}
          <DateInput field={f('document_issue_date')} label={t('person.issueDate')} />
          <Wide>
            <Text field={f('document_issuer')} label={t('person.issuer')} />
          </Wide>
        </FieldGrid>
      </Fieldset>
    </>
  )
}

interface PersonValues extends IdentityValues {
  type: string
  position: string
  assigned_at: string
  term_years: string
  is_founder: boolean
  share: string
}

const personValues = (p: ResponsiblePerson | null, type: number): PersonValues => ({
  ...identityValues(p),
  type: String(p?.type ?? type),
  position: str(p?.position),
  assigned_at: isoToRu(p?.assigned_at),
  term_years: str(p?.term_years),
  is_founder: p?.is_founder ?? false,
  share: str(p?.share),
})

/**
 * SPEC §3 responsible person (head or chief accountant): identity and document, appointment date and term
 * (3 or 5 years; the server computes its end), founder flag and share.
 */
export function PersonForm({ companyId, person, type, onClose }: { companyId: number; person: ResponsiblePerson | null; type: number; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const id = person?.id ?? null
  const form = useForm<PersonValues>({
    initial: personValues(person, type),
    schema: personForm,
    warnings: personWarnings,
    state: forms[formKey('persons', id)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/savePerson', { companyId, id, form: input as PersonFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  return (
    <form onSubmit={form.submit} noValidate data-testid="person-form" aria-label={t(form.values.type === '2' ? 'person.accountant' : 'person.head')}>
      <Stack gap="lg">
        <FieldGrid>
          <Select
            field={f('type')}
            label={t('person.type')}
            options={[
              { value: '1', label: t('person.head') },
              { value: '2', label: t('person.accountant') },
            ]}
          />
          <Text field={f('position')} label={t('person.position')} />
        </FieldGrid>
        <IdentityFields form={form} />
        <Fieldset>
          <Legend>{t('person.appointment')}</Legend>
          <FieldGrid>
            <DateInput field={f('assigned_at')} label={t('person.assignedAt')} />
            <Select field={f('term_years')} label={t('person.term')} options={termOptions(t)} placeholder={t('form.notChosen')} />
          </FieldGrid>
          <Check checked={form.values.is_founder} onChange={value => form.set('is_founder', value)} name="is_founder">
            {t('person.isFounder')}
          </Check>
          {form.values.is_founder && (
            <FieldGrid>
              <Text field={f('share')} label={t('person.share')} inputMode="decimal" isRequired description={t('owner.shareHint')} />
            </FieldGrid>
          )}
        </Fieldset>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}
