import { useUnit } from 'effector-react'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { Row, Stack } from '../../../core/ui/Stack'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import { formKey } from '../commands'
import type { FinancialPeriod, FinancialsFormInput } from '../contract'
import { $forms, $removeFailures, $sections, IDLE_FORM } from '../model'
import { FINANCIAL_INDICATORS } from '../rules/catalogues'
import { financialsForm } from '../rules/forms'
import { quarterOptions } from './catalogue'
import { FieldGrid, FormFooter, Select, Text } from './fields'
import { str, useForm, type Values } from './form'
import { useUnsavedChanges } from './guard'
import { PublicLinks } from './PublicLinks'
import { ConfirmButton, EditorFrame, RemoveFailure, useEditing } from './records'
import { Loaded } from './states'
import { useMoney } from './view'

export const TableScroll = styled.div`
  overflow-x: auto;
`
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
    background: ${({ theme }) => theme.color.surfaceMuted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  td.num {
    text-align: end;
    white-space: nowrap;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`

/** Quarter 0 is the year. */
export function usePeriodLabel() {
  const t = useT('clients')
  return (p: { year: number; quarter: number }) => (p.quarter === 0 ? t('financials.year', { year: p.year }) : t('financials.quarterOf', { quarter: p.quarter, year: p.year }))
}

/** Periods as columns, indicators as rows: how a balance sheet reads. Shared by the tab and the public page. */
export function FinancialsTable({ periods, actions }: { periods: Omit<FinancialPeriod, 'id' | 'company_id'>[]; actions?: (index: number) => ReactNode }) {
  const t = useT('clients')
  const money = useMoney()
  const label = usePeriodLabel()
  return (
    <TableScroll>
      <DataTable data-testid="financials-table">
        <VisuallyHidden as="caption">{t('financials.caption')}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">{t('financials.indicator')}</th>
            {periods.map(p => (
              <th scope="col" key={`${p.year}-${p.quarter}`}>
                {label(p)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FINANCIAL_INDICATORS.map(indicator => (
            <tr key={indicator}>
              <th scope="row">{t(`financials.indicators.${indicator}`)}</th>
              {periods.map(p => (
                <td className="num" key={`${p.year}-${p.quarter}`}>
                  {money(p[indicator])}
                </td>
              ))}
            </tr>
          ))}
          {actions && (
            <tr>
              <td />
              {periods.map((p, i) => (
                <td key={`${p.year}-${p.quarter}`}>{actions(i)}</td>
              ))}
            </tr>
          )}
        </tbody>
      </DataTable>
    </TableScroll>
  )
}

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
  const sections = useUnit($sections)
  const failures = useUnit($removeFailures)
  const { editing, edit, close } = useEditing()
  const label = usePeriodLabel()
  return (
    <Stack gap="xl">
      <Panel title={t('tabs.financials')}>
        <Loaded
          state={sections.financials}
          failedTitle={t('loadFailed.financials')}
          onRetry={() => void dispatch('clients/loadSection', { companyId, section: 'financials' })}
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
        </Loaded>
      </Panel>
      <PublicLinks companyId={companyId} kind="financials" />
    </Stack>
  )
}
