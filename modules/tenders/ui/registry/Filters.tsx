import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { Button } from '../../../../core/ui/Button'
import { Checkbox } from '../../../../core/ui/Checkbox'
import { SelectField } from '../../../../core/ui/SelectField'
import { TENDER_LAWS, TENDER_REGIONS } from '../../registry'
import { lawName, regionName } from '../labels'
import { LIMITS, SORT_CHOICES, sortText, type RegistryQuery } from './loads'

const Form = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
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
const Check = styled.div`
  display: flex;
  align-items: center;
  min-height: ${({ theme }) => theme.size.control.md};
`

/** Digits typed, applied when the field is left or Enter is pressed (not at every key): a sum, an inn. */
function DigitsInput(props: { value: string; label: string; maxLength: number; valid: RegExp; onCommit: (value: string) => void; testId: string }) {
  const { value, label, maxLength, valid, onCommit, testId } = props
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const commit = () => {
    const digits = text.replace(/[\s\u00a0]/g, '')
    const next = valid.test(digits) ? digits : ''
    setText(next)
    if (next !== value) onCommit(next)
  }
  return (
    <Input
      type="text"
      inputMode="numeric"
      aria-label={label}
      value={text}
      maxLength={maxLength}
      onChange={e => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && commit()}
      data-testid={testId}
    />
  )
}

const EMPTY = { region: '', law: '', price_from: '', price_to: '', date_from: '', date_to: '', winner_inn: '', guarantee: '', free: '' } as const

/**
 * The registry's extended search beside its text search (issue 12 §1): region, law, initial price from–to,
 * protocol date from–to, the winner's inn, with or without security, only not yet taken; the order (the columns'
 * headers sort too, but a phone's cards have none, and the contract's price has no column of its own) and the page size.
 * Every value lives in the URL; a change starts the list over.
 */
export function RegistryFilters({ value, onChange }: { value: RegistryQuery; onChange: (patch: Partial<RegistryQuery>) => void }) {
  const t = useT('tenders')
  const priceId = useId()
  const dateId = useId()
  const any = Object.keys(EMPTY).some(key => value[key as keyof typeof EMPTY] !== '')
  return (
    <Form role="group" aria-label={t('registry.filters.label')} data-testid="tender-filters">
      <SelectField
        label={t('registry.filters.region')}
        value={value.region}
        onChange={region => onChange({ region: region as RegistryQuery['region'] })}
        placeholder={t('registry.filters.anyRegion')}
        options={TENDER_REGIONS.map(code => ({ value: String(code), label: regionName(t, code) }))}
      />
      <SelectField
        label={t('registry.filters.law')}
        value={value.law}
        onChange={law => onChange({ law: law as RegistryQuery['law'] })}
        placeholder={t('registry.filters.anyLaw')}
        options={TENDER_LAWS.map(law => ({ value: String(law), label: lawName(t, law) }))}
      />
      <Range aria-labelledby={priceId}>
        <Legend id={priceId}>{t('registry.filters.price')}</Legend>
        <Pair>
          <DigitsInput value={value.price_from} label={t('registry.filters.priceFrom')} maxLength={16} valid={/^\d{1,13}$/} onCommit={price_from => onChange({ price_from })} testId="filter-price-from" />
          <Dash aria-hidden="true">–</Dash>
          <DigitsInput value={value.price_to} label={t('registry.filters.priceTo')} maxLength={16} valid={/^\d{1,13}$/} onCommit={price_to => onChange({ price_to })} testId="filter-price-to" />
        </Pair>
      </Range>
      <Range aria-labelledby={dateId}>
        <Legend id={dateId}>{t('registry.filters.date')}</Legend>
        <Pair>
          <Input type="date" aria-label={t('registry.filters.dateFrom')} value={value.date_from} onChange={e => onChange({ date_from: e.target.value })} data-testid="filter-date-from" />
          <Dash aria-hidden="true">–</Dash>
          <Input type="date" aria-label={t('registry.filters.dateTo')} value={value.date_to} onChange={e => onChange({ date_to: e.target.value })} data-testid="filter-date-to" />
        </Pair>
      </Range>
      <Range>
        <Legend>{t('registry.filters.winnerInn')}</Legend>
        <DigitsInput value={value.winner_inn} label={t('registry.filters.winnerInn')} maxLength={12} valid={/^(\d{10}|\d{12})$/} onCommit={winner_inn => onChange({ winner_inn })} testId="filter-winner-inn" />
      </Range>
      <SelectField
        label={t('registry.filters.guarantee')}
        value={value.guarantee}
        onChange={guarantee => onChange({ guarantee: guarantee as RegistryQuery['guarantee'] })}
        placeholder={t('registry.filters.guaranteeAny')}
        options={[
          { value: 'with', label: t('registry.filters.guaranteeWith') },
          { value: 'without', label: t('registry.filters.guaranteeWithout') },
        ]}
      />
      <Check data-testid="filter-free">
        <Checkbox isSelected={value.free === '1'} onChange={free => onChange({ free: free ? '1' : '' })}>
          {t('registry.filters.free')}
        </Checkbox>
      </Check>
      <SelectField
        label={t('registry.filters.sort')}
        name="sort"
        value={sortText(value.sort)}
        onChange={text => onChange({ sort: SORT_CHOICES.find(s => sortText(s) === text) ?? null })}
        options={SORT_CHOICES.map(s => ({ value: sortText(s), label: t(`registry.sorts.${s.column}.${s.direction}`) }))}
      />
      <SelectField
        label={t('registry.filters.limit')}
        value={value.limit}
        onChange={limit => onChange({ limit: limit as RegistryQuery['limit'] })}
        options={LIMITS.map(limit => ({ value: limit, label: limit }))}
      />
      {any && (
        <Button variant="ghost" onPress={() => onChange(EMPTY)} data-testid="filters-reset">
          {t('registry.filters.reset')}
        </Button>
      )}
    </Form>
  )
}
