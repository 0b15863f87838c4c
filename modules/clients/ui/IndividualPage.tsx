import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { Link } from 'wouter'
import type { PageProps } from '../../../core/plugin/types'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Panel } from '../../../core/ui/Card'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { normalizePhoneInput } from '../../../core/validation/phone'
import { formKey } from '../commands'
import type { Individual, IndividualFormInput } from '../contract'
import { $forms, IDLE_FORM } from '../model'
import { individual as individualStore } from '../remotes'
import { shownFor } from './shown'
import { individualForm } from '../rules/forms'
import { personWarnings } from '../rules/warnings'
import { FieldGrid, Fieldset, FormFooter, Legend, Phone, Text } from './fields'
import { str, useForm } from './form'
import { UnsavedChangesGuard, useUnsavedChanges } from './guard'
import { identityValues, IdentityFields, type IdentityValues } from './PersonForm'
import { ConfirmButton } from './records'
import { Loaded } from './states'
import { WarningBadges } from './view'

interface IndividualValues extends IdentityValues {
  phone: string
  email: string
}

function IndividualForm({ individual }: { individual: Individual | null }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const id = individual?.id ?? null
  const form = useForm<IndividualValues>({
    initial: { ...identityValues(individual), phone: individual?.phone ? normalizePhoneInput(individual.phone) : '', email: str(individual?.email) },
    schema: individualForm,
    warnings: personWarnings,
    state: forms[formKey('individual', id)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveIndividual', { id, form: input as IndividualFormInput }),
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  return (
    <form onSubmit={form.submit} noValidate data-testid="individual-form" aria-label={t('pages.physicsOne')}>
      <Stack gap="xl">
        <IdentityFields form={form} />
        <Fieldset>
          <Legend>{t('individual.contacts')}</Legend>
          <FieldGrid>
            <Phone field={f('phone')} label={t('individual.phone')} />
            <Text field={f('email')} label={t('individual.email')} type="email" inputMode="email" />
          </FieldGrid>
        </Fieldset>
        <FormFooter form={form} submitLabel={t(id === null ? 'individual.create' : 'form.save')} />
      </Stack>
    </form>
  )
}

/** /physics/add and /physics/{id}: an individual client with identity document and contacts. */
export default function IndividualPage({ params }: PageProps) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const stored = useUnit(individualStore.$state)
  const id = params.id ? Number(params.id) : null

  useEffect(() => {
    if (id !== null) void dispatch('clients/loadIndividual', { id })
  }, [dispatch, id])

  const back = <Link href="/physics">{t('pages.backToIndividuals')}</Link>
  if (id === null) {
    return (
      <UnsavedChangesGuard>
        <Stack gap="lg">
          <PageHeader before={back} title={t('pages.physicsAdd')} />
          <Panel title={t('pages.physicsOne')}>
            <IndividualForm individual={null} />
          </Panel>
        </Stack>
      </UnsavedChangesGuard>
    )
  }
  const loaded = shownFor(stored, q => q.id === id)
  return (
    <UnsavedChangesGuard>
      <Loaded state={loaded} failedTitle={t('loadFailed.individual')} onRetry={() => void dispatch('clients/loadIndividual', { id })}>
        {individual => (
          <Stack gap="lg">
            <PageHeader
              before={back}
              title={[individual.last_name, individual.first_name, individual.middle_name].filter(Boolean).join(' ')}
              description={
                <>
                  {individual.agent ? t('individual.keptBy', { name: individual.agent.name }) : null} <WarningBadges warnings={individual.warnings} />
                </>
              }
              actions={
                <ConfirmButton
                  label={t('form.delete')}
                  question={t('individual.deleteQuestion')}
                  confirmLabel={t('form.delete')}
                  onConfirm={() => void dispatch('clients/deleteIndividual', { id })}
                />
              }
            />
            <Panel title={t('pages.physicsOne')}>
              <IndividualForm key={individual.id} individual={individual} />
            </Panel>
          </Stack>
        )}
      </Loaded>
    </UnsavedChangesGuard>
  )
}
