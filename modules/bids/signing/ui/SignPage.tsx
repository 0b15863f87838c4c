import { useCallback, useEffect, useState, type FormEvent } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../../core/api/client'
import type { Failure } from '../../../../core/api/envelope'
import { useT } from '../../../../core/i18n/useT'
import type { PageProps } from '../../../../core/plugin/types'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { Spinner } from '../../../../core/ui/Spinner'
import { Row, Stack } from '../../../../core/ui/Stack'
import { TextField } from '../../../../core/ui/TextField'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import { SIGN_LINK_EXPIRED_CODE, SIGN_LINK_REVOKED_CODE, type SignCodeSent, type SignDocument, type SignView } from '../contract'
import { PublicFrame } from './PublicFrame'

/** The API paths of the page (relative to the API base, as the app's client takes them). */
export const signApi = {
  view: (hash: string) => `v1/sign/${encodeURIComponent(hash)}`,
  code: (hash: string) => `v1/sign/${encodeURIComponent(hash)}/code`,
  sign: (hash: string) => `v1/sign/${encodeURIComponent(hash)}`,
  document: (hash: string, n: number) => `v1/sign/${encodeURIComponent(hash)}/documents/${n}`,
}

/** Downloads are plain links (no session needed): the API base as the app configures it (core/runtime). */
const API_BASE = '/api/'

const Docs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  li {
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  a {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`
const Meta = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Hash = styled.code`
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
  word-break: break-all;
`
const CodeForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 420px;
`

type Load = { status: 'loading' } | { status: 'loaded'; view: SignView } | { status: 'failed'; failure: Failure }

const clockText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

function useSize() {
  const t = useT('bids')
  const { i18n } = useRuntime()
  return (bytes: number) => {
    const fmt = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'ru-RU', { maximumFractionDigits: 1 })
    if (bytes < 1024) return t('sign.bytes', { value: fmt(bytes) })
    if (bytes < 1024 * 1024) return t('sign.kilobytes', { value: fmt(bytes / 1024) })
    return t('sign.megabytes', { value: fmt(bytes / 1024 / 1024) })
  }
}

function formatAt(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { dateStyle: 'long', timeStyle: 'short' })
}

function DocumentList({ hash, documents }: { hash: string; documents: SignDocument[] }) {
  const t = useT('bids')
  const size = useSize()
  return (
    <Docs aria-label={t('sign.documents')}>
      {documents.map(d => (
        <li key={d.n}>
          <a href={API_BASE + signApi.document(hash, d.n)} download={d.name} data-testid={`sign-document-${d.n}`}>
            {d.name}
          </a>
          <Meta>
            {t('sign.size')}: {size(d.size)}
          </Meta>
          <Meta>
            {t('sign.hash')}: <Hash>{d.sha256}</Hash>
          </Meta>
        </li>
      ))}
    </Docs>
  )
}

/**
 * "Get a code" / "send again", open once the server's wait (60 s, SPEC §5) is over; the seconds left tick on the
 * runtime's clock (virtual in tests). The ticking number is hidden from screen readers; they hear the wait once.
 */
function useCountdown(seconds: number, started: number): number {
  const { bus } = useRuntime()
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    setLeft(seconds)
    if (seconds <= 0) return
    const from = bus.clock.now()
    const cancel = bus.clock.setInterval(() => {
      const rest = Math.max(0, seconds - Math.floor((bus.clock.now() - from) / 1000))
      setLeft(rest)
      if (rest === 0) cancel()
    }, 1000)
    return cancel
  }, [bus, seconds, started])
  return left
}

/** /sign/{hash}: the signer checks the bid's documents and signs them with a code sent by SMS. Public, bare. */
export default function SignPage({ params }: PageProps) {
  const t = useT('bids')
  const { api, i18n } = useRuntime()
  const hash = params.hash ?? ''
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [wait, setWait] = useState({ seconds: 0, started: 0 })
  const [sending, setSending] = useState(false)
  const [sentTo, setSentTo] = useState(false)
  const [code, setCode] = useState('')
  const [signing, setSigning] = useState(false)
  const [error, setError] = useState<{ field: string | null; text: string } | null>(null)
  const left = useCountdown(wait.seconds, wait.started)

  const fetchView = useCallback(() => {
    setLoad({ status: 'loading' })
    api
      .get<SignView>(signApi.view(hash), { quiet: true, sessionRedirect: false })
      .then(view => {
        setLoad({ status: 'loaded', view })
        setSentTo(view.code_sent)
        setWait(w => ({ seconds: view.resend_after_seconds, started: w.started + 1 }))
      })
      .catch((e: unknown) => setLoad({ status: 'failed', failure: asFailure(e) }))
  }, [api, hash])
  useEffect(fetchView, [fetchView])

  const sendCode = () => {
    setSending(true)
    setError(null)
    api
      .post<SignCodeSent>(signApi.code(hash), {}, { quiet: true, sessionRedirect: false })
      .then(sent => {
        setSentTo(true)
        setWait(w => ({ seconds: sent.resend_after_seconds, started: w.started + 1 }))
      })
      .catch((e: unknown) => {
        const failure = asFailure(e)
        setError({ field: null, text: failure.message ?? t('sign.unavailable') })
      })
      .finally(() => setSending(false))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSigning(true)
    setError(null)
    api
      .post<SignView>(signApi.sign(hash), { code }, { quiet: true, sessionRedirect: false })
      .then(view => setLoad({ status: 'loaded', view }))
      .catch((e: unknown) => {
        const failure = asFailure(e)
        const field = failure.validation?.code
        setError(field ? { field: 'code', text: field } : { field: null, text: failure.message ?? t('sign.unavailable') })
      })
      .finally(() => setSigning(false))
  }

  if (load.status === 'loading')
    return (
      <PublicFrame testId="sign-page">
        <Row>
          <Spinner label={t('sign.loading')} />
          <span>{t('sign.loading')}</span>
        </Row>
      </PublicFrame>
    )

  if (load.status === 'failed') {
    const code = load.failure.code
    const gone = code === SIGN_LINK_EXPIRED_CODE || code === SIGN_LINK_REVOKED_CODE
    return (
      <PublicFrame testId="sign-page">
        <h1>{t('sign.title')}</h1>
        {gone ? (
          <Alert kind="warning" title={t(code === SIGN_LINK_EXPIRED_CODE ? 'sign.expired' : 'sign.revoked')}>
            {t('sign.askNew')}
          </Alert>
        ) : (
          <ErrorState title={t('sign.unavailable')} message={load.failure.message ?? t('sign.unavailableText')} retryLabel={t('sign.retry')} onRetry={fetchView} />
        )}
      </PublicFrame>
    )
  }

  const { view } = load
  const locale = i18n.language
  return (
    <PublicFrame testId="sign-page">
      <Stack gap="lg">
        <div>
          <h1>{t('sign.title')}</h1>
          {view.state === 'pending' && <p>{t('sign.lead', { phone: view.phone })}</p>}
        </div>
        {view.state === 'signed' && view.signed_at && (
          <Alert kind="success" role="status" title={t('sign.signedTitle')}>
            <span data-testid="sign-signed">
              {view.signature?.method === 'certificate'
                ? t('sign.signedCertificate', { at: formatAt(view.signed_at, locale) })
                : t('sign.signedAt', { at: formatAt(view.signed_at, locale), phone: view.phone })}
            </span>
          </Alert>
        )}
        <section aria-labelledby="sign-documents">
          <h2 id="sign-documents">{view.state === 'signed' ? t('sign.signedHashes') : t('sign.documents')}</h2>
          <DocumentList hash={hash} documents={view.documents} />
        </section>
        {view.state === 'pending' && (
          <Stack gap="md">
            <Row wrap>
              <Button variant={sentTo ? 'ghost' : 'primary'} isDisabled={left > 0} isPending={sending} onPress={sendCode}>
                {sentTo ? t('sign.resend') : t('sign.sendCode')}
              </Button>
              {left > 0 && (
                <Meta data-testid="sign-countdown" aria-hidden="true">
                  {t('sign.resendIn', { time: clockText(left) })}
                </Meta>
              )}
              <VisuallyHidden role="status">{left > 0 ? t('sign.resendWait', { seconds: wait.seconds }) : sentTo ? t('sign.resendOpen') : ''}</VisuallyHidden>
            </Row>
            {sentTo && <Meta role="status">{t('sign.codeSent', { phone: view.phone })}</Meta>}
            {error && error.field === null && <Alert kind="error">{error.text}</Alert>}
            {sentTo && (
              <CodeForm onSubmit={submit} noValidate>
                <TextField
                  label={t('sign.code')}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={value => setCode(value.replace(/\D/g, ''))}
                  errorMessage={error?.field === 'code' ? error.text : null}
                  description={t('sign.consent')}
                  isRequired
                />
                <div>
                  <Button type="submit" variant="primary" isPending={signing} isDisabled={code.length === 0}>
                    {signing ? t('sign.signing') : t('sign.sign')}
                  </Button>
                </div>
              </CodeForm>
            )}
          </Stack>
        )}
      </Stack>
    </PublicFrame>
  )
}
