import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { SelectField } from '../../../../core/ui/SelectField'
import { SERVICE_CODES } from '../../contract'
import type { BidFilters } from './loads'
import { serviceLabel } from './view'
import { Button } from '../../../../core/ui/Button'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;

  & > * {
    flex: 0 1 auto;
  }
  ${({ theme }) => theme.media.phone} {
    & > * {
      flex: 1 1 100%;
    }
  }
`
const Range = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`
const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
`
const Pair = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  & > input {
    flex: 1 1 0;
  }
`
const Input = styled.input`
  height: ${({ theme }) => theme.size.control.md};
  min-width: 0;
  width: 150px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.md};
  font-variant-numeric: tabular-nums;

  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.color.focus};
  }
  ${({ theme }) => theme.media.phone} {
    width: auto;
  }
`
const Dash = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`

export interface CompanyChoice {
  id: number
  name: string
}

export interface BidFiltersProps {
  value: BidFilters & { company_id?: string }
  onChange: (patch: Partial<BidFilters & { company_id: string }>) => void
  /** The company filter's options; none: no company filter (one company's card, or nothing to choose from). */
  companies?: readonly CompanyChoice[] | null
}

/** An amount typed in whole rubles, applied when the field is left or Enter is pressed (not at every key). */
function AmountInput({ value, label, onCommit, testId }: { value: string; label: string; onCommit: (value: string) => void; testId: string }) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const commit = () => {
    const digits = text.replace(/[\s\u00a0]/g, '')
    const next = /^\d{1,13}$/.test(digits) && Number(digits) > 0 ? String(Number(digits)) : ''
    setText(next)
    if (next !== value) onCommit(next)
  }
  return (
    <Input
      type="text"
      inputMode="numeric"
      aria-label={label}
      value={text}
      maxLength={16}
      onChange={e => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && commit()}
      data-testid={testId}
    />
  )
}

/**
 * The bids list's filters beside its search: service, company, creation date from–to, sum from–to. Every one lives
 * in the URL (a reload or a shared link keeps it); a change starts at page 1.
 */
export function BidFiltersBar({ value, onChange, companies }: BidFiltersProps) {
  const t = useT('bids')
  const dateId = useId()
  const amountId = useId()
  const any = Boolean(value.service || value.company_id || value.date_from || value.date_to || value.amount_from || value.amount_to)
  return (
    <Row data-testid="bid-filters">
      <SelectField
        label={t('list.filters.service')}
        value={value.service}
        onChange={service => onChange({ service: service as BidFilters['service'] })}
        placeholder={t('list.filters.anyService')}
        options={SERVICE_CODES.map(code => ({ value: String(code), label: serviceLabel(t, code) }))}
      />
      {companies && companies.length > 0 && (
        <SelectField
          label={t('list.filters.company')}
          value={value.company_id ?? ''}
          onChange={company_id => onChange({ company_id })}
          placeholder={t('list.filters.anyCompany')}
          options={companies.map(c => ({ value: String(c.id), label: c.name }))}
        />
      )}
      <Range aria-labelledby={dateId}>
        <Legend id={dateId}>{t('list.filters.created')}</Legend>
        <Pair>
          <Input
            type="date"
            aria-label={t('list.filters.dateFrom')}
            value={value.date_from}
            max={value.date_to || undefined}
            onChange={e => onChange({ date_from: e.target.value })}
            data-testid="filter-date-from"
          />
          <Dash aria-hidden="true">–</Dash>
          <Input
            type="date"
            aria-label={t('list.filters.dateTo')}
            value={value.date_to}
            min={value.date_from || undefined}
            onChange={e => onChange({ date_to: e.target.value })}
            data-testid="filter-date-to"
          />
        </Pair>
      </Range>
      <Range aria-labelledby={amountId}>
        <Legend id={amountId}>{t('list.filters.amount')}</Legend>
        <Pair>
          <AmountInput value={value.amount_from} label={t('list.filters.amountFrom')} onCommit={amount_from => onChange({ amount_from })} testId="filter-amount-from" />
          <Dash aria-hidden="true">–</Dash>
          <AmountInput value={value.amount_to} label={t('list.filters.amountTo')} onCommit={amount_to => onChange({ amount_to })} testId="filter-amount-to" />
        </Pair>
      </Range>
      {any && (
        <Button
          variant="ghost"
          onPress={() => onChange({ service: '', company_id: '', date_from: '', date_to: '', amount_from: '', amount_to: '' })}
          data-testid="filters-reset"
        >
          {t('list.filters.reset')}
        </Button>
      )}
    </Row>
  )
}
