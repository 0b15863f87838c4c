import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { MaskedField } from '../../../../core/ui/MaskedField'
import { SelectField, type SelectOption } from '../../../../core/ui/SelectField'
import { TextArea } from '../../../../core/ui/TextArea'
import { TextField } from '../../../../core/ui/TextField'
import { FEDERAL_LAW, GUARANTEE_TYPE, LEASING_TYPE, type BidField } from '../../services'
import { Check } from './Check'
import { FIELD_KIND, type AccountValues, type FormValue, type LotValues } from './values'

/** One bid field as the wizard shows it, by its kind (values.ts FIELD_KIND). Errors come translated. */
export interface BidFieldInputProps {
  field: BidField
  value: FormValue | undefined
  onChange: (value: FormValue) => void
  /** The field (or a part of it: `lots.0.sum`) was left: its messages may show now. */
  onBlur: (path: string) => void
  /** Translated messages by dotted path (`days`, `lots.0.sum`, `special_account.bik`). */
  errors: Record<string, string>
  isRequired: boolean
  description?: string | null
}

const Group = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`
const GroupLegend = styled.legend`
  padding: 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`
const LotRow = styled.div`
  display: grid;
  grid-template-columns: 7rem minmax(0, 1fr) 11rem auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: 1fr;
  }
`
const SmallButton = styled.button`
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  min-height: ${({ theme }) => theme.size.control.md};
  padding: 0 ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  justify-self: start;
  &:hover {
    border-color: ${({ theme }) => theme.color.borderStrong};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`
const AddButton = styled(SmallButton)`
  align-self: flex-start;
`
const ErrorLine = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.errorText};
`

const options = (codes: Record<string, number>, prefix: string, t: (key: string) => string): SelectOption[] =>
  Object.entries(codes).map(([name, code]) => ({ value: String(code), label: t(`${prefix}.${name}`) }))

const DATE_MASK = '##.##.####'

export function BidFieldInput({ field, value, onChange, onBlur, errors, isRequired, description }: BidFieldInputProps) {
  const t = useT('bids')
  const label = t(`fields.${field}`)
  const error = errors[field] ?? null
  const text = typeof value === 'string' ? value : ''
  const common = { name: field, label, isRequired, errorMessage: error, description: description ?? undefined, onBlur: () => onBlur(field) }
  switch (FIELD_KIND[field]) {
    case 'money':
      return <TextField {...common} value={text} onChange={onChange} inputMode="decimal" suffix={<Unit aria-hidden="true">₽</Unit>} />
    case 'days':
      return <TextField {...common} value={text} onChange={onChange} inputMode="numeric" maxLength={4} />
    case 'date':
      return <MaskedField {...common} mask={DATE_MASK} value={text} onChange={onChange} inputMode="numeric" placeholder={t('wizard.datePlaceholder')} />
    case 'inn':
      return <MaskedField {...common} mask="############" value={text} onChange={onChange} inputMode="numeric" />
    case 'text':
      return <TextField {...common} value={text} onChange={onChange} maxLength={1000} />
    case 'long':
      return <TextArea name={field} label={label} isRequired={isRequired} errorMessage={error} value={text} onChange={onChange} rows={3} />
    case 'law':
    case 'typeBg':
    case 'leasing': {
      const kind = FIELD_KIND[field]
      const list =
        kind === 'law' ? options(FEDERAL_LAW, 'federalLaws', t) : kind === 'typeBg' ? options(GUARANTEE_TYPE, 'guaranteeTypes', t) : options(LEASING_TYPE, 'leasingTypes', t)
      return (
        <SelectField
          name={field}
          label={label}
          value={text}
          onChange={onChange}
          options={list}
          isRequired={isRequired}
          placeholder={t('wizard.notChosen')}
          errorMessage={error}
        />
      )
    }
    case 'flag':
      return (
        <Check name={field} checked={value === true} onChange={onChange}>
          {label}
        </Check>
      )
    case 'lots':
      return <Lots value={Array.isArray(value) ? value : []} onChange={onChange} onBlur={onBlur} errors={errors} label={label} />
    case 'account':
      return <Account value={(value as AccountValues | undefined) ?? { bank_name: '', bik: '', account: '' }} onChange={onChange} onBlur={onBlur} errors={errors} label={label} />
  }
}

const Unit = styled.span`
  padding-inline-end: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
`

function Lots({ value, onChange, onBlur, errors, label }: { value: LotValues[]; onChange: (v: LotValues[]) => void; onBlur: (path: string) => void; errors: Record<string, string>; label: string }) {
  const t = useT('bids')
  const put = (i: number, patch: Partial<LotValues>) => onChange(value.map((lot, j) => (j === i ? { ...lot, ...patch } : lot)))
  return (
    <Group data-testid="lots">
      <GroupLegend>{label}</GroupLegend>
      {value.map((lot, i) => (
        <LotRow key={i} role="group" aria-label={t('wizard.lot', { n: i + 1 })}>
          <TextField name={`lots.${i}.number`} label={t('fields.lot_number')} value={lot.number} onChange={number => put(i, { number })} onBlur={() => onBlur(`lots.${i}.number`)} inputMode="numeric" maxLength={5} errorMessage={errors[`lots.${i}.number`]} />
          <TextField name={`lots.${i}.subject`} label={t('fields.lot_subject')} value={lot.subject} onChange={subject => put(i, { subject })} onBlur={() => onBlur(`lots.${i}.subject`)} errorMessage={errors[`lots.${i}.subject`]} />
          <TextField name={`lots.${i}.sum`} label={t('fields.lot_sum')} value={lot.sum} onChange={sum => put(i, { sum })} onBlur={() => onBlur(`lots.${i}.sum`)} inputMode="decimal" errorMessage={errors[`lots.${i}.sum`]} />
          <SmallButton type="button" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('wizard.removeLot', { n: i + 1 })}>
            {t('wizard.remove')}
          </SmallButton>
        </LotRow>
      ))}
      {errors.lots && <ErrorLine role="alert">{errors.lots}</ErrorLine>}
      <AddButton type="button" onClick={() => onChange([...value, { number: String(value.length + 1), subject: '', sum: '' }])}>
        {t('wizard.addLot')}
      </AddButton>
    </Group>
  )
}

function Account({ value, onChange, onBlur, errors, label }: { value: AccountValues; onChange: (v: AccountValues) => void; onBlur: (path: string) => void; errors: Record<string, string>; label: string }) {
  const t = useT('bids')
  return (
    <Group>
      <GroupLegend>{label}</GroupLegend>
      <TextField name="special_account.bank_name" label={t('fields.special_account_bank')} value={value.bank_name} onChange={bank_name => onChange({ ...value, bank_name })} onBlur={() => onBlur('special_account.bank_name')} errorMessage={errors['special_account.bank_name']} />
      <MaskedField name="special_account.bik" label={t('fields.special_account_bik')} mask="#########" value={value.bik} onChange={bik => onChange({ ...value, bik })} onBlur={() => onBlur('special_account.bik')} inputMode="numeric" errorMessage={errors['special_account.bik']} />
      <MaskedField name="special_account.account" label={t('fields.special_account_number')} mask="####################" value={value.account} onChange={account => onChange({ ...value, account })} onBlur={() => onBlur('special_account.account')} inputMode="numeric" errorMessage={errors['special_account.account']} />
    </Group>
  )
}
