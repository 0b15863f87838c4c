import { useMemo, useState } from 'react'
import styled from 'styled-components'
import * as v from 'valibot'
import { asFailure } from '../../../core/api/client'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { DateField } from '../../../core/ui/DateField'
import { Dialog } from '../../../core/ui/Dialog'
import { PhoneField } from '../../../core/ui/PhoneField'
import { SelectField } from '../../../core/ui/SelectField'
import { Stack } from '../../../core/ui/Stack'
import { TextField } from '../../../core/ui/TextField'
import { issuesToValidationMap } from '../../../core/validation'
import { formatDisplayDate, parseDisplayDate } from '../../../core/validation/dates'
import { GENDERS, PAYOUTS, SPLIT_API, splitBidForm, TARIFFS, type SplitBidDetails } from '../contract'
import { computeSchedule, kopecksToDecimal, parseDecimal, type PayoutType } from '../schedule'
import { useSplitFormat } from './format'

const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`
const Legend = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
`
const Preview = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`

interface Values {
  phone: string
  full_name: string
  gender: string
  address: string
  passport_series: string
  passport_number: string
  passport_issued: string
  passport_issuer: string
  tariff: string
  amount: string
  term: string
  percent: string
  bonus: string
  payout: string
  start_date: string
}
type Field = keyof Values

/** The body as the contract wants it (dates as ISO; an unreadable date stays as typed, for the schema to refuse). */
function body(values: Values): Record<string, unknown> {
  return {
    ...values,
    passport_issued: parseDisplayDate(values.passport_issued) ?? values.passport_issued,
    start_date: parseDisplayDate(values.start_date) ?? values.start_date,
  }
}

export interface SplitBidFormDialogProps {
  onClose: () => void
  onSaved: (id: number) => void
}

/**
 * The new split bid (issue 14 §2): the client, the passport, the terms, with the schedule's totals computed as the
 * terms are typed (the same modules/split/schedule.ts the server uses). Checked by the contract's schema before
 * sending; the server's 422 shown beside its fields.
 */
export function SplitBidFormDialog({ onClose, onSaved }: SplitBidFormDialogProps) {
  const t = useT('split')
  const f = useSplitFormat()
  const { api, bus } = useRuntime()
  const today = useMemo(() => new Date(bus.clock.now()).toISOString().slice(0, 10), [bus])
  const [values, setValues] = useState<Values>({
    phone: '',
    full_name: '',
    gender: '1',
    address: '',
    passport_series: '',
    passport_number: '',
    passport_issued: '',
    passport_issuer: '',
    tariff: '1',
    amount: '',
    term: '12',
    percent: '',
    bonus: '0',
    payout: '2',
    start_date: formatDisplayDate(today),
  })
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const parsed = v.safeParse(splitBidForm, body(values))
  const errors = parsed.success ? {} : issuesToValidationMap(parsed.issues)
  const errorOf = (field: Field): string | null => serverErrors[field] ?? (submitted && errors[field] ? t(errors[field]) : null)
  const set = (field: Field, value: string) => {
    setValues(vs => ({ ...vs, [field]: value }))
    setServerErrors(({ [field]: _, ...rest }) => rest)
  }

  const preview = useMemo(() => {
    if (!parsed.success) return null
    const o = parsed.output
    const s = computeSchedule({ amount: parseDecimal(o.amount)!, percent: parseDecimal(o.percent)!, bonus: parseDecimal(o.bonus)!, term: o.term, payout: o.payout as PayoutType, start: o.start_date })
    return { rows: s.rows.length, pay: kopecksToDecimal(s.totals.pay), tax: kopecksToDecimal(s.totals.tax), end: s.end }
  }, [parsed.success, parsed.output])

  async function save() {
    setSubmitted(true)
    setGeneral(null)
    if (!parsed.success) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-split-form] [aria-invalid="true"]')?.focus())
      return
    }
    setPending(true)
    try {
      const saved = await api.post<SplitBidDetails>(SPLIT_API.list, body(values), { quiet: true })
      onSaved(saved.id)
    } catch (error) {
      const failure = asFailure(error)
      const fields = failure.validation ?? {}
      setServerErrors(fields)
      const other = Object.entries(fields).filter(([name]) => !(name in values)).map(([, text]) => text)
      setGeneral(other.length ? other.join('\n') : Object.keys(fields).length ? t('form.checkErrors') : failure.message || t('form.checkErrors'))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-split-form] [aria-invalid="true"]')?.focus())
    } finally {
      setPending(false)
    }
  }

  const calendar = { placeholder: t('form.datePlaceholder'), calendarLabel: t('form.calendar'), previousLabel: t('form.previousMonth'), nextLabel: t('form.nextMonth') }
  const d = (field: Field) => t(`details.fields.${field}`)

  return (
    <Dialog
      isOpen
      size="lg"
      title={t('form.title')}
      closeLabel={t('form.close')}
      isDismissable={false}
      isKeyboardDismissDisabled={pending}
      onOpenChange={open => !open && !pending && onClose()}
      footer={close => (
        <>
          <Button onPress={close} isDisabled={pending}>
            {t('form.cancel')}
          </Button>
          <Button variant="primary" isPending={pending} onPress={() => void save()} data-testid="split-save">
            {t('form.submit')}
          </Button>
        </>
      )}
    >
      <Stack gap="md" data-split-form="" data-testid="split-form">
        <Legend>{t('details.client')}</Legend>
        <Pair>
          <PhoneField label={d('phone')} name="phone" value={values.phone} onChange={value => set('phone', value)} isRequired errorMessage={errorOf('phone')} autoFocus />
          <TextField label={d('full_name')} name="full_name" value={values.full_name} onChange={value => set('full_name', value)} isRequired maxLength={255} errorMessage={errorOf('full_name')} autoComplete="off" />
          <SelectField label={d('gender')} name="gender" value={values.gender} onChange={value => set('gender', value)} options={GENDERS.map(g => ({ value: String(g), label: t(`gender.${g}`) }))} errorMessage={errorOf('gender')} />
        </Pair>
        <TextField label={d('address')} name="address" value={values.address} onChange={value => set('address', value)} isRequired maxLength={500} errorMessage={errorOf('address')} />
        <Legend>{t('details.passport')}</Legend>
        <Pair>
          <TextField label={d('passport_series')} name="passport_series" inputMode="numeric" maxLength={4} value={values.passport_series} onChange={value => set('passport_series', value)} isRequired errorMessage={errorOf('passport_series')} />
          <TextField label={d('passport_number')} name="passport_number" inputMode="numeric" maxLength={6} value={values.passport_number} onChange={value => set('passport_number', value)} isRequired errorMessage={errorOf('passport_number')} />
          <DateField label={d('passport_issued')} name="passport_issued" value={values.passport_issued} min="1990-01-01" max={today} onChange={value => set('passport_issued', value)} isRequired errorMessage={errorOf('passport_issued')} {...calendar} />
        </Pair>
        <TextField label={d('passport_issuer')} name="passport_issuer" value={values.passport_issuer} onChange={value => set('passport_issuer', value)} isRequired maxLength={500} errorMessage={errorOf('passport_issuer')} />
        <Legend>{t('details.terms')}</Legend>
        <Pair>
          <SelectField label={d('tariff')} name="tariff" value={values.tariff} onChange={value => set('tariff', value)} options={TARIFFS.map(x => ({ value: String(x), label: t(`tariff.${x}`) }))} errorMessage={errorOf('tariff')} />
          <TextField label={d('amount')} name="amount" inputMode="decimal" value={values.amount} onChange={value => set('amount', value)} isRequired suffix="₽" errorMessage={errorOf('amount')} />
          <TextField label={d('term')} name="term" inputMode="numeric" maxLength={3} value={values.term} onChange={value => set('term', value)} isRequired errorMessage={errorOf('term')} />
          <TextField label={d('percent')} name="percent" inputMode="decimal" value={values.percent} onChange={value => set('percent', value)} isRequired errorMessage={errorOf('percent')} />
          <TextField label={d('bonus')} name="bonus" inputMode="decimal" value={values.bonus} onChange={value => set('bonus', value)} errorMessage={errorOf('bonus')} />
          <SelectField label={d('payout')} name="payout" value={values.payout} onChange={value => set('payout', value)} options={PAYOUTS.map(x => ({ value: String(x), label: t(`payout.${x}`) }))} errorMessage={errorOf('payout')} />
          <DateField label={d('start_date')} name="start_date" value={values.start_date} min="2000-01-01" max="2100-01-01" onChange={value => set('start_date', value)} isRequired errorMessage={errorOf('start_date')} {...calendar} />
        </Pair>
        {preview && (
          <Preview aria-live="polite" data-testid="split-preview">
            {t('form.previewText', { rows: t('schedule.rows', { count: preview.rows }), pay: f.money(preview.pay), tax: f.money(preview.tax), end: f.date(preview.end) })}
          </Preview>
        )}
        {general && <Alert kind="error">{general}</Alert>}
      </Stack>
    </Dialog>
  )
}
