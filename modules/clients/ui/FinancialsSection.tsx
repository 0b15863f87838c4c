import { useUnit } from 'effector-react'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { formKey } from '../commands'
import type { FinancialPeriod, FinancialsFormInput } from '../contract'
import { $forms, $removeFailures, IDLE_FORM } from '../model'
import { FINANCIAL_INDICATORS } from '../rules/catalogues'
import { financialsForm } from '../rules/forms'
import { quarterOptions } from './catalogue'
import { FieldGrid, FormFooter, Select, Text } from './fields'
import { str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'
import { PublicLinks } from './PublicLinks'
import { ConfirmButton, EditorFrame, RemoveFailure, useEditing } from './records'
import { SectionState } from './SectionState'
import { useSection } from './useSection'
import { FinancialsTable, usePeriodLabel } from './tables'

type PeriodValues = Values & Record<string, string>

const periodValues = (p: FinancialPeriod | null): PeriodValues => ({
  year: p ? String(p.year) : String(new Date().getFullYear() - 1),
  quarter: String(p?.quarter ?? 0),
  ...Object.fromEntries(FINANCIAL_INDICATORS.map(k => [k, str(p?.[k])])),
})

function PeriodForm({ companyId, period, onClose }: { companyId: number; period: FinancialPeriod | null; onClose: () => void }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const forms = useUnit($forms)
  const form = useForm<PeriodValues>({
    initial: periodValues(period),
    schema: financialsForm,
    state: forms[formKey('financials', null)] ?? IDLE_FORM,
    onSubmit: input => void dispatch('clients/saveFinancials', { companyId, form: input as FinancialsFormInput }),
    onSaved: onClose,
  })
  useUnsavedChanges(form.dirty)
  const f = form.field
  return (
    <form onSubmit={form.submit} noValidate data-testid="financials-form" aria-label={t('financials.period')}>
      <Stack gap="lg">
        <FieldGrid>
          <Text field={f('year')} label={t('financials.yearLabel')} inputMode="numeric" maxLength={4} isRequired />
          <Select field={f('quarter')} label={t('financials.quarter')} options={quarterOptions(t)} />
        </FieldGrid>
        <p>{t('financials.units')}</p>
        <FieldGrid>
          {FINANCIAL_INDICATORS.map(indicator => (
            <Text key={indicator} field={f(indicator)} label={t(`financials.indicators.${indicator}`)} inputMode="decimal" />
          ))}
        </FieldGrid>
        <FormFooter form={form} submitLabel={t('form.save')} onCancel={onClose} />
      </Stack>
    </form>
  )
}

/** Financial indicators by period (ClientFinances, /financials); saving a period again replaces it. */
export function FinancialsSection({ companyId }: { companyId: number }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const financials = useSection(companyId, 'financials')
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  const label = usePeriodLabel()
  return (
    <Stack gap="xl">
      <Panel title={t('tabs.financials')}>
        <SectionState
          state={financials.state}
          failedTitle={t('loadFailed.financials')}
          onRetry={financials.retry}
          testId="financials"
        >
          {periods => (
            <Stack gap="md">
              <RemoveFailure failure={failures.financials} />
              {periods.length === 0 && editing === null && <EmptyState title={t('financials.none')} description={t('financials.noneHint')} />}
              {periods.length > 0 && <p>{t('financials.units')}</p>}
              {periods.length > 0 && (
                <FinancialsTable
                  periods={periods}
                  actions={i => {
                    const p = periods[i]!
                    return (
                      <Row gap="xs" wrap>
                        <Button size="sm" onPress={() => edit(p.id)} isDisabled={editing !== null} aria-label={`${t('form.edit')}: ${label(p)}`}>
                          {t('form.edit')}
                        </Button>
                        <ConfirmButton
                          label={t('form.delete')}
                          question={t('financials.delete', { period: label(p) })}
                          confirmLabel={t('form.delete')}
                          onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'financials', id: p.id })}
                        />
                      </Row>
                    )
                  }}
                />
              )}
              {editing !== null ? (
                <EditorFrame>
                  <PeriodForm companyId={companyId} period={editing === 'new' ? null : (periods.find(p => p.id === editing) ?? null)} onClose={close} />
                </EditorFrame>
              ) : (
                <Row>
                  <Button onPress={() => edit('new')} data-testid="financials-add">
                    {t('financials.add')}
                  </Button>
                </Row>
              )}
            </Stack>
          )}
        </SectionState>
      </Panel>
      <PublicLinks companyId={companyId} kind="financials" />
    </Stack>
  )
}
