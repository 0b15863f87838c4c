import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import * as v from 'valibot'
import { asFailure } from '../../../core/api/client'
import { useT } from '../../../core/i18n/useT'
import type { PageProps } from '../../../core/plugin/types'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { useResource } from '../../../core/react/useResource'
import { showToast, TOAST_PRESET } from '../../../core/toast/toast'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Card } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { ErrorState } from '../../../core/ui/ErrorState'
import { IconButton } from '../../../core/ui/IconButton'
import { CloseIcon } from '../../../core/ui/icons'
import { PageHeader } from '../../../core/ui/PageHeader'
import { SelectField } from '../../../core/ui/SelectField'
import { Spinner } from '../../../core/ui/Spinner'
import { Row, Stack } from '../../../core/ui/Stack'
import { TextArea } from '../../../core/ui/TextArea'
import { TextField } from '../../../core/ui/TextField'
import {
  CURRENCIES,
  INVEST_API,
  missingFields,
  OFFER_LIMITS,
  OFFER_STEPS,
  OFFER_TYPE,
  OFFER_TYPES,
  offerDraft,
  PLEDGE_TYPES,
  type OfferDetails,
  type OfferDraft,
  type OfferFile,
  type OfferParam,
} from '../contract'
import { Center, Muted, routeId, Text } from './shared'

/** The editor's values as typed (strings), turned into the contract's draft on each save. */
export interface EditorValues {
  name: string
  title: string
  type: string
  pledge_type: string
  currency: string
  income_currency: string
  price_min: string
  price_max: string
  months_min: string
  months_max: string
  percent: string
  description: string
  params: OfferParam[]
  financials: OfferParam[]
}

export const EMPTY_VALUES: EditorValues = {
  name: '',
  title: '',
  type: '',
  pledge_type: '',
  currency: 'rub',
  income_currency: 'rub',
  price_min: '',
  price_max: '',
  months_min: '',
  months_max: '',
  percent: '',
  description: '',
  params: [],
  financials: [],
}

export function valuesOf(o: OfferDetails): EditorValues {
  return {
    name: o.name,
    title: o.title,
    type: o.type === null ? '' : String(o.type),
    pledge_type: o.pledge_type === null ? '' : String(o.pledge_type),
    currency: o.currency ?? 'rub',
    income_currency: o.income_currency ?? 'rub',
    price_min: o.price_min ?? '',
    price_max: o.price_max ?? '',
    months_min: o.months_min === null ? '' : String(o.months_min),
    months_max: o.months_max === null ? '' : String(o.months_max),
    percent: o.percent ?? '',
    description: o.description,
    params: o.params,
    financials: o.financials,
  }
}

const int = (s: string): number | undefined => (s.trim() === '' ? undefined : /^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : Number.NaN)
const str = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim().replace(',', '.'))

/** What the form sends: filled fields only (an empty one is not yet given), numbers as numbers. */
export function draftOf(values: EditorValues): Record<string, unknown> {
  const type = int(values.type)
  const out: Record<string, unknown> = {
    name: str(values.name) && values.name.trim(),
    title: str(values.title) && values.title.trim(),
    type,
    pledge_type: type === OFFER_TYPE.pledge ? (int(values.pledge_type) ?? null) : null,
    currency: str(values.currency),
    income_currency: str(values.income_currency),
    price_min: str(values.price_min),
    price_max: str(values.price_max),
    months_min: int(values.months_min),
    months_max: int(values.months_max),
    percent: str(values.percent),
    description: values.description.trim() === '' ? undefined : values.description,
    params: values.params.filter(p => p.name.trim() || p.value.trim()),
    financials: values.financials.filter(p => p.name.trim() || p.value.trim()),
  }
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined))
}

/**
 * The step's problems: its required fields, then the one contract schema (cross-field rules: min ≤ max, percent within
 * bounds, the pledge's subtype) on everything filled so far — the same schema the server runs on each save.
 */
export function stepProblems(values: EditorValues, step: number): Record<string, string> {
  const draft = draftOf(values)
  const problems: Record<string, string> = {}
  const wanted = new Set<string>(OFFER_STEPS.slice(0, step + 1).flatMap(s => s.required as readonly string[]))
  if (step >= 0) wanted.add('pledge_type')
  for (const [field, message] of Object.entries(missingFields(draft as Partial<OfferDraft>, step + 1))) if (wanted.has(field)) problems[field] = message
  const parsed = v.safeParse(offerDraft, draft)
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.map(p => String(p.key)).join('.') ?? '_'
      problems[key] ??= issue.message
    }
  }
  return problems
}

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radius.pill};
    background: ${({ theme }) => theme.color.surfaceMuted};
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  li[aria-current='step'] {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
  }
`
const Two = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`
const ParamRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr) auto;
    & > :nth-child(2) {
      grid-column: 1;
    }
  }
`
const Files = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    overflow-wrap: anywhere;
  }
`
const FileInput = styled.input`
  max-width: 100%;
`

/** The step from `?step=` (1-based) after the first save moved the editor to /invest/add/{id}. */
function initialStep(): number {
  const raw = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('step') : null
  const n = raw && /^[1-5]$/.test(raw) ? Number(raw) - 1 : 0
  return n
}

/** /invest/add and /invest/add/{id}: the offer in 5 steps, the draft saved on the server at every step. */
export default function EditorPage({ params }: PageProps) {
  const id = params.id === undefined ? null : routeId(params.id)
  if (id === 0) return <NotEditable />
  return id === null ? <Editor key="new" offer={null} /> : <LoadedEditor key={id} id={id} />
}

function NotEditable() {
  const t = useT('invest')
  return (
    <div data-testid="offer-missing">
      <EmptyState title={t('offer.notFound')} description={t('editor.notEditable')} action={<Link href="/invest">{t('offer.back')}</Link>} />
    </div>
  )
}

function LoadedEditor({ id }: { id: number }) {
  const t = useT('invest')
  const [offer, reload] = useResource<OfferDetails>(INVEST_API.offer(id))
  if (offer.status === 'missing') return <NotEditable />
  if (!offer.data) {
    return offer.status === 'failed' ? (
      <ErrorState title={t('market.loadFailed')} message={offer.failure.message} retryLabel={t('market.retry')} onRetry={reload} />
    ) : (
      <Center>
        <Spinner label={t('market.loading')} />
      </Center>
    )
  }
  if (!offer.data.editable) return <NotEditable />
  return <Editor offer={offer.data} onFilesChanged={reload} />
}

function Editor({ offer, onFilesChanged }: { offer: OfferDetails | null; onFilesChanged?: () => void }) {
  const t = useT('invest')
  const { api, bus } = useRuntime()
  const dispatch = useDispatch()
  const [values, setValues] = useState<EditorValues>(() => (offer ? valuesOf(offer) : EMPTY_VALUES))
  const [step, setStep] = useState(offer ? initialStep() : 0)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  // An edited field's old message goes with the edit; the next save checks it again.
  const set = <K extends keyof EditorValues>(key: K) => (value: EditorValues[K]) => {
    setValues(s => ({ ...s, [key]: value }))
    setErrors(e => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e))
  }
  const err = (key: string) => (errors[key] ? t(errors[key]!) : null)

  /** Saves the draft (creating it on the first step); resolves with its id, or null when refused. */
  async function save(): Promise<number | null> {
    const problems = stepProblems(values, step)
    setErrors(problems)
    setFailure(null)
    if (Object.keys(problems).length > 0) return null
    setPending(true)
    try {
      const body = draftOf(values)
      const saved = await api.post<OfferDetails>(offer ? INVEST_API.offer(offer.id) : INVEST_API.offers, body, { quiet: true })
      return saved.id
    } catch (error) {
      const f = asFailure(error)
      if (f.validation) setErrors(f.validation)
      setFailure(f.message ?? t('editor.saveFailed'))
      return null
    } finally {
      setPending(false)
    }
  }

  async function next() {
    const id = await save()
    if (id === null) return
    showToast(bus, { ...TOAST_PRESET.bidUpdated, text: t('editor.saved') }, 'ui')
    if (!offer) void dispatch('app/navigate', { to: `/invest/add/${id}?step=2`, replace: true })
    else setStep(s => Math.min(s + 1, OFFER_STEPS.length - 1))
  }

  async function send() {
    if (!offer) return
    const id = await save()
    if (id === null) return
    setPending(true)
    try {
      await api.post(INVEST_API.offerAction(id, 'send'), {}, { quiet: true })
      showToast(bus, { ...TOAST_PRESET.bidUpdated, text: t('editor.sent') }, 'ui')
      void dispatch('app/navigate', { to: `/invest/${id}` })
    } catch (error) {
      const f = asFailure(error)
      if (f.validation) setErrors(f.validation)
      setFailure(f.message ?? t('editor.saveFailed'))
    } finally {
      setPending(false)
    }
  }

  const stepKey = OFFER_STEPS[step]!.key
  return (
    <Stack gap="lg" data-testid="offer-editor">
      <PageHeader title={offer ? t('editor.titleEdit', { id: offer.id }) : t('editor.titleNew')} />
      <nav aria-label={t('editor.steps')}>
        <Steps>
          {OFFER_STEPS.map((s, i) => (
            <li key={s.key} aria-current={i === step ? 'step' : undefined}>
              {i + 1}. {t(`editor.${s.key}`)}
            </li>
          ))}
        </Steps>
      </nav>
      {offer?.fail_reason && (
        <Alert kind="error" title={t('editor.failReason')} role="status">
          <Text>{offer.fail_reason}</Text>
        </Alert>
      )}
      <Card>
        <Stack
          gap="md"
          as="form"
          // Enter in a field saves the step as the button does (the form's one submit button).
          onSubmit={e => {
            e.preventDefault()
            if (!pending) void (step < OFFER_STEPS.length - 1 ? next() : send())
          }}
          data-testid={`editor-step-${step + 1}`}>
          <h2 ref={heading} tabIndex={-1} style={{ margin: 0, fontSize: '1.1rem' }}>
            {t('editor.step', { n: step + 1, total: OFFER_STEPS.length })}: {t(`editor.${stepKey}`)}
          </h2>
          {stepKey === 'basics' && (
            <>
              <TextField label={t('fields.name')} name="name" value={values.name} onChange={set('name')} errorMessage={err('name')} isRequired maxLength={OFFER_LIMITS.nameMax} />
              <TextField label={t('fields.title')} name="title" value={values.title} onChange={set('title')} errorMessage={err('title')} isRequired maxLength={OFFER_LIMITS.titleMax} />
              <Two>
                <SelectField
                  label={t('fields.type')}
                  name="type"
                  value={values.type}
                  onChange={set('type')}
                  placeholder={t('editor.chooseType')}
                  options={OFFER_TYPES.map(type => ({ value: String(type), label: t(`types.${type}`) }))}
                  errorMessage={err('type')}
                  isRequired
                />
                {values.type === String(OFFER_TYPE.pledge) && (
                  <SelectField
                    label={t('fields.pledge_type')}
                    name="pledge_type"
                    value={values.pledge_type}
                    onChange={set('pledge_type')}
                    placeholder={t('editor.choose')}
                    options={PLEDGE_TYPES.map(p => ({ value: String(p), label: t(`pledgeTypes.${p}`) }))}
                    errorMessage={err('pledge_type')}
                    isRequired
                  />
                )}
              </Two>
            </>
          )}
          {stepKey === 'terms' && (
            <>
              <Two>
                <SelectField label={t('fields.currency')} name="currency" value={values.currency} onChange={set('currency')} options={CURRENCIES.map(c => ({ value: c, label: t(`currencies.${c}`) }))} errorMessage={err('currency')} isRequired />
                <SelectField
                  label={t('fields.income_currency')}
                  name="income_currency"
                  value={values.income_currency}
                  onChange={set('income_currency')}
                  options={CURRENCIES.map(c => ({ value: c, label: t(`currencies.${c}`) }))}
                  errorMessage={err('income_currency')}
                  isRequired
                />
                <TextField label={t('fields.price_min')} name="price_min" inputMode="decimal" value={values.price_min} onChange={set('price_min')} errorMessage={err('price_min')} isRequired />
                <TextField label={t('fields.price_max')} name="price_max" inputMode="decimal" value={values.price_max} onChange={set('price_max')} errorMessage={err('price_max')} isRequired />
                <TextField label={t('fields.months_min')} name="months_min" inputMode="numeric" value={values.months_min} onChange={set('months_min')} errorMessage={err('months_min')} isRequired />
                <TextField label={t('fields.months_max')} name="months_max" inputMode="numeric" value={values.months_max} onChange={set('months_max')} errorMessage={err('months_max')} isRequired />
              </Two>
              <TextField label={t('fields.percent')} name="percent" inputMode="decimal" value={values.percent} onChange={set('percent')} errorMessage={err('percent')} isRequired />
            </>
          )}
          {stepKey === 'description' && (
            <>
              <TextArea label={t('fields.description')} name="description" value={values.description} onChange={set('description')} errorMessage={err('description')} isRequired rows={8} />
              <ParamsEditor label={t('fields.params')} name="params" items={values.params} onChange={set('params')} errors={errors} />
            </>
          )}
          {stepKey === 'financials' && offer && (
            <>
              <ParamsEditor label={t('fields.financials')} name="financials" items={values.financials} onChange={set('financials')} errors={errors} />
              <FilesEditor offerId={offer.id} kind="document" files={offer.documents} onChanged={onFilesChanged} />
            </>
          )}
          {stepKey === 'media' && offer && (
            <>
              <FilesEditor offerId={offer.id} kind="image" files={offer.images} onChanged={onFilesChanged} />
              <Muted>{t('editor.review')}</Muted>
            </>
          )}
          {failure && (
            <Alert kind="error" role="alert">
              {failure}
            </Alert>
          )}
          <Row gap="sm" wrap>
            {step > 0 && (
              <Button onPress={() => setStep(s => s - 1)} isDisabled={pending} data-testid="editor-back">
                {t('editor.back')}
              </Button>
            )}
            {step < OFFER_STEPS.length - 1 ? (
              <Button type="submit" variant="primary" isPending={pending} data-testid="editor-next">
                {t('editor.next')}
              </Button>
            ) : (
              <Button type="submit" variant="primary" isPending={pending} data-testid="editor-send">
                {t('editor.send')}
              </Button>
            )}
          </Row>
        </Stack>
      </Card>
    </Stack>
  )
}

function ParamsEditor({ label, name, items, onChange, errors }: { label: string; name: string; items: OfferParam[]; onChange: (items: OfferParam[]) => void; errors: Record<string, string> }) {
  const t = useT('invest')
  const update = (i: number, patch: Partial<OfferParam>) => onChange(items.map((p, j) => (j === i ? { ...p, ...patch } : p)))
  const err = (key: string) => (errors[key] ? t(errors[key]!) : null)
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid={`params-${name}`}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{label}</legend>
      <Stack gap="sm">
        {items.length === 0 && <Muted>{t('editor.noParams')}</Muted>}
        {items.map((p, i) => (
          <ParamRow key={i}>
            <TextField label={`${t('fields.paramName')} ${i + 1}`} value={p.name} onChange={value => update(i, { name: value })} errorMessage={err(`${name}.${i}.name`)} maxLength={OFFER_LIMITS.paramNameMax} />
            <TextField label={`${t('fields.paramValue')} ${i + 1}`} value={p.value} onChange={value => update(i, { value })} errorMessage={err(`${name}.${i}.value`)} maxLength={OFFER_LIMITS.paramValueMax} />
            <IconButton aria-label={t('editor.removeParam', { n: i + 1 })} onPress={() => onChange(items.filter((_, j) => j !== i))}>
              <CloseIcon />
            </IconButton>
          </ParamRow>
        ))}
        {items.length < OFFER_LIMITS.paramsMax && (
          <Row>
            <Button onPress={() => onChange([...items, { name: '', value: '' }])} data-testid={`add-${name}`}>
              {t('editor.addParam')}
            </Button>
          </Row>
        )}
      </Stack>
    </fieldset>
  )
}

/** A preview drawn on a canvas (at most 480 px wide, JPEG): the server keeps it beside the original. */
export async function makePreview(file: File): Promise<Blob | null> {
  try {
    if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null
    const bitmap = await createImageBitmap(file)
    const scale = Math.min(1, 480 / bitmap.width)
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    const context = canvas.getContext('2d')
    if (!context) return null
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    return await new Promise<Blob | null>(resolve => canvas.toBlob(resolve, 'image/jpeg', 0.82))
  } catch {
    return null
  }
}

function FilesEditor({ offerId, kind, files, onChanged }: { offerId: number; kind: 'image' | 'document'; files: OfferFile[]; onChanged?: () => void }) {
  const t = useT('invest')
  const { api } = useRuntime()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inputId = `invest-${kind}-input`

  async function upload(file: File) {
    setPending(true)
    setError(null)
    try {
      const body = new FormData()
      body.append('file', file, file.name)
      if (kind === 'image') {
        const preview = await makePreview(file)
        if (preview) body.append('preview', preview, 'preview.jpg')
      }
      await api.post(kind === 'image' ? INVEST_API.images(offerId) : INVEST_API.documents(offerId), body, { quiet: true })
      onChanged?.()
    } catch (failure) {
      setError(asFailure(failure).message ?? t('editor.uploadFailed'))
    } finally {
      setPending(false)
    }
  }

  async function remove(file: OfferFile) {
    try {
      await api.post(`v1/invest/offers/${offerId}/files/${file.id}/delete`, {}, { quiet: true })
      onChanged?.()
    } catch (failure) {
      setError(asFailure(failure).message ?? t('editor.uploadFailed'))
    }
  }

  return (
    <Stack gap="sm" data-testid={`files-${kind}`}>
      <label htmlFor={inputId} style={{ fontWeight: 600 }}>
        {kind === 'image' ? t('editor.chooseImage') : t('editor.chooseDocument')}
      </label>
      <FileInput
        id={inputId}
        type="file"
        accept={kind === 'image' ? 'image/jpeg,image/png,image/webp' : undefined}
        disabled={pending}
        aria-describedby={`${inputId}-hint`}
        onChange={e => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) void upload(file)
        }}
      />
      <Muted id={`${inputId}-hint`}>{kind === 'image' ? t('editor.imagesHint') : t('editor.documentsHint')}</Muted>
      {pending && <Spinner label={t('editor.uploading')} />}
      {error && (
        <Alert kind="error" role="alert">
          {error}
        </Alert>
      )}
      {files.length === 0 ? (
        <Muted>{t('editor.noFiles')}</Muted>
      ) : (
        <Files>
          {files.map(f => (
            <li key={f.id}>
              <span>{f.name}</span>
              <IconButton aria-label={t('editor.removeFile', { name: f.name })} onPress={() => void remove(f)}>
                <CloseIcon />
              </IconButton>
            </li>
          ))}
        </Files>
      )}
    </Stack>
  )
}
