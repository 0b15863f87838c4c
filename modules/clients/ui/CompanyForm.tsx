import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Stack } from '../../../core/ui/Stack'
import { normalizePhoneInput } from '../../../core/validation/phone'
import { formKey } from '../commands'
import type { Company, CompanyFormInput, CompanySearchItem } from '../contract'
import { $forms, IDLE_FORM } from '../model'
import type { CompanyKind } from '../rules/catalogues'
import { legalFormOf } from '../rules/legal-form'
import { companyForm, type Address } from '../rules/forms'
import { companyWarnings } from '../rules/warnings'
import { legalFormOptions, organizationTypeOptions, statusOptions, taxOptions } from './catalogue'
import { CompanySearch } from './CompanySearch'
import { DateInput, FieldGrid, Fieldset, FormFooter, Legend, LongText, Masked, Phone, Select, Text, Wide } from './fields'
import { isoToRu, str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'

interface AddressValues extends Values {
  city: string
  zipcode: string
  street: string
  house: string
  office: string
}
export interface CompanyValues extends Values {
  kind: CompanyKind
  short_name: string
  full_name: string
  inn: string
  ogrn: string
  kpp: string
  okpo: string
  okved: string
  organization_type: string
  tax_system: string
  legal_form: string
  status: string
  creation_date: string
  registration_certificate: string
  registering_body: string
  registration_place: string
  purpose: string
  contact_person_name: string
  contact_person_phone: string
  site: string
  bidder_email: string
  legal_address: AddressValues
  postal_address: AddressValues
}

const addressValues = (a: Address | null | undefined): AddressValues => ({
  city: str(a?.city),
  zipcode: str(a?.zipcode),
  street: str(a?.street),
  house: str(a?.house),
  office: str(a?.office),
})

export function companyValues(c: Company | null, kind: CompanyKind): CompanyValues {
  return {
    kind: c?.kind ?? kind,
    short_name: str(c?.short_name),
    full_name: str(c?.full_name),
    inn: str(c?.inn),
    ogrn: str(c?.ogrn),
    kpp: str(c?.kpp),
    okpo: str(c?.okpo),
    okved: str(c?.okved),
    organization_type: str(c?.organization_type),
    tax_system: str(c?.tax_system),
    legal_form: str(c?.legal_form),
    status: c?.status ?? 'active',
    creation_date: isoToRu(c?.creation_date),
    registration_certificate: str(c?.registration_certificate),
    registering_body: str(c?.registering_body),
    registration_place: str(c?.registration_place),
    purpose: str(c?.purpose),
    contact_person_name: str(c?.contact_person_name),
    contact_person_phone: c?.contact_person_phone ? normalizePhoneInput(c.contact_person_phone) : '',
    site: str(c?.site),
    bidder_email: str(c?.bidder_email),
    legal_address: addressValues(c?.legal_address),
    postal_address: addressValues(c?.postal_address),
  }
}

/** Form values → the request body of the shared companyForm schema (a sole proprietor has no kpp, legal form 1). */
export function companyInput(values: CompanyValues): CompanyFormInput {
  const sole = values.kind === 'sole'
  return { ...values, kpp: sole ? null : values.kpp, legal_form: sole ? null : values.legal_form } as unknown as CompanyFormInput
}

/** What a registry search result fills in (SPEC §7): the fields the registry knows, the rest stays as typed. */
export function fromSearch(values: CompanyValues, item: CompanySearchItem): CompanyValues {
  const d = item.data
  return {
    ...values,
    kind: d.kind,
    inn: d.inn,
    ogrn: str(d.ogrn),
    kpp: d.kind === 'sole' ? '' : str(d.kpp),
    okpo: str(d.okpo),
    okved: str(d.okved ?? item.oked),
    short_name: d.short_name || item.title,
    full_name: d.full_name,
    legal_address: addressValues(d.legal_address),
    creation_date: isoToRu(d.creation_date) || values.creation_date,
    status: d.status,
    legal_form: str(legalFormOf(d.kind, d.short_name || item.title, d.full_name)) || values.legal_form,
    contact_person_name: values.contact_person_name || str(d.head_name),
  }
}

/**
 * The company tab (SPEC §3 Company, every field): requisites, registration, contacts and both addresses,
 * with the registry search on top. `companyId` null creates a company (agents and administrators; `own`: the
 * client's own, entered for the first time).
 */
export function CompanyForm({
  companyId,
  company,
  kind = 'legal',
  own = false,
  prefill,
}: {
  companyId: number | null
  company: Company | null
  kind?: CompanyKind
  own?: boolean
  /** A new company's name and inn known beforehand (a tender winner coming from a commercial offer). */
  prefill?: Partial<Pick<CompanyValues, 'short_name' | 'inn'>>
}) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const key = formKey('company', companyId)
  const form = useForm<CompanyValues>({
    initial: { ...companyValues(company, kind), ...prefill },
    schema: companyForm,
    toInput: companyInput,
    warnings: companyWarnings,
    state: forms[key] ?? IDLE_FORM,
    onSubmit: input =>
      void (companyId === null
        ? dispatch('clients/createCompany', { form: input as CompanyFormInput, own })
        : dispatch('clients/saveCompany', { companyId, form: input as CompanyFormInput })),
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  const sole = form.values.kind === 'sole'
  const address = (prefix: 'legal_address' | 'postal_address') => (
    <FieldGrid>
      <Masked field={f(`${prefix}.zipcode`)} label={t('company.zipcode')} mask="######" />
      <Text field={f(`${prefix}.city`)} label={t('company.city')} />
      <Text field={f(`${prefix}.street`)} label={t('company.street')} />
      <Text field={f(`${prefix}.house`)} label={t('company.house')} />
      <Text field={f(`${prefix}.office`)} label={t('company.office')} />
    </FieldGrid>
  )

  return (
    <form onSubmit={form.submit} noValidate data-testid="company-form" aria-label={t('tabs.company')}>
      <Stack gap="xl">
        <CompanySearch onChoose={item => form.setMany(fromSearch(form.values, item))} />
        <Fieldset>
          <Legend>{t('company.requisites')}</Legend>
          <FieldGrid>
            {companyId === null && (
              <Select
                field={{ ...f('kind'), onChange: value => form.set('kind', value) }}
                label={t('company.kind')}
                options={[
                  { value: 'legal', label: t('catalogue.kind.legal') },
                  { value: 'sole', label: t('catalogue.kind.sole') },
                ]}
              />
            )}
            <Wide>
              <Text field={f('short_name')} label={t('company.shortName')} isRequired />
            </Wide>
            <Wide>
              <Text field={f('full_name')} label={t('company.fullName')} />
            </Wide>
            <Masked field={f('inn')} label={t('company.inn')} mask={sole ? '############' : '##########'} isRequired />
            <Masked field={f('ogrn')} label={t(sole ? 'company.ogrnip' : 'company.ogrn')} mask={sole ? '###############' : '#############'} isRequired />
            {!sole && <Text field={f('kpp')} label={t('company.kpp')} maxLength={9} />}
            <Masked field={f('okpo')} label={t('company.okpo')} mask={sole ? '##########' : '########'} />
            <Text field={f('okved')} label={t('company.okved')} maxLength={10} description={t('company.okvedHint')} />
            <Select field={f('organization_type')} label={t('company.organizationType')} options={organizationTypeOptions(t)} placeholder={t('form.notChosen')} />
            <Select field={f('tax_system')} label={t('company.taxSystem')} options={taxOptions(t)} placeholder={t('form.notChosen')} />
            {sole ? (
              <Text field={{ ...f('legal_form'), value: t('catalogue.legalForm.1') }} label={t('company.legalForm')} isDisabled />
            ) : (
              <Select field={f('legal_form')} label={t('company.legalForm')} options={legalFormOptions(t, 'legal')} placeholder={t('form.notChosen')} />
            )}
            <Select field={f('status')} label={t('company.status')} options={statusOptions(t)} />
          </FieldGrid>
        </Fieldset>
        <Fieldset>
          <Legend>{t('company.registration')}</Legend>
          <FieldGrid>
            <DateInput field={f('creation_date')} label={t('company.creationDate')} />
            <Text field={f('registration_certificate')} label={t('company.registrationCertificate')} />
            <Text field={f('registering_body')} label={t('company.registeringBody')} />
            <Text field={f('registration_place')} label={t('company.registrationPlace')} />
            <Wide>
              <LongText field={f('purpose')} label={t('company.purpose')} />
            </Wide>
          </FieldGrid>
        </Fieldset>
        <Fieldset>
          <Legend>{t('company.contacts')}</Legend>
          <FieldGrid>
            <Text field={f('contact_person_name')} label={t('company.contactName')} />
            <Phone field={f('contact_person_phone')} label={t('company.contactPhone')} />
            <Text field={f('site')} label={t('company.site')} type="url" inputMode="url" />
            <Text field={f('bidder_email')} label={t('company.bidderEmail')} type="email" inputMode="email" />
          </FieldGrid>
        </Fieldset>
        <Fieldset>
          <Legend>{t('company.legalAddress')}</Legend>
          {address('legal_address')}
        </Fieldset>
        <Fieldset>
          <Legend>{t('company.postalAddress')}</Legend>
          <div>
            <Button size="sm" variant="ghost" onPress={() => form.set('postal_address', { ...form.values.legal_address })}>
              {t('company.sameAsLegal')}
            </Button>
          </div>
          {address('postal_address')}
        </Fieldset>
        <FormFooter form={form} submitLabel={t(companyId === null ? 'company.create' : 'form.save')} />
      </Stack>
    </form>
  )
}
