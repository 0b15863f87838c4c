import { useUnit } from 'effector-react'
import { useCallback, useEffect, useState } from 'react'
import styled from 'styled-components'
import { Link, useSearch } from 'wouter'
import { asFailure } from '../../../../core/api/client'
import { $profile } from '../../../../core/auth/model'
import { ROLE } from '../../../../core/auth/profile'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { ErrorState } from '../../../../core/ui/ErrorState'
import { GlobalLoader } from '../../../../core/ui/GlobalLoader'
import { Stack } from '../../../../core/ui/Stack'
import { formatPhone } from '../../../../core/validation'
import { cabinetLink, KP_API, KP_LINK_CODE, KP_TOKEN, type CabinetOffer } from '../../kp/contract'
import { Facts } from '../Facts'
import { useTenderFormats } from '../format'
import { CabinetFrame } from './CabinetFrame'

type State =
  | { status: 'loading' }
  | { status: 'loaded'; offer: CabinetOffer }
  | { status: 'invalid' | 'expired' }
  | { status: 'failed'; message: string | null }

const Section = styled.section`
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`
const Offer = styled.p`
  margin: 0;
  white-space: pre-line;
`
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  & > * {
    flex: 1 1 200px;
  }
`

/**
 * /cabinet?kp=…: the public page a KP's letter links to. It shows the offer (the tender, the sender, the text) — and
 * reading it records that the link was followed (8) — and lets the winner register or sign in with their company
 * filled in from the tender: the page is remembered as where to land after signing in, so the winner comes back
 * here signed in, which records 9. A link that is not ours or has expired says so.
 */
export default function CabinetPage() {
  const t = useT('tenders')
  const f = useTenderFormats()
  const { api, bus, dispatch } = useRuntime()
  const profile = useUnit($profile)
  const token = new URLSearchParams(useSearch()).get('kp') ?? ''
  const [state, setState] = useState<State>({ status: 'loading' })
  const [signedIn, setSignedIn] = useState(false)

  const load = useCallback(() => {
    if (!KP_TOKEN.test(token)) return setState({ status: 'invalid' })
    setState({ status: 'loading' })
    api
      .post<CabinetOffer>(KP_API.follow(token), {}, { quiet: true })
      .then(offer => setState({ status: 'loaded', offer }))
      .catch((error: unknown) => {
        const failure = asFailure(error)
        if (failure.code === KP_LINK_CODE.invalid) setState({ status: 'invalid' })
        else if (failure.code === KP_LINK_CODE.expired) setState({ status: 'expired' })
        else setState({ status: 'failed', message: failure.message ?? null })
      })
  }, [api, token])
  useEffect(load, [load])

  // Back here signed in (or registered) through the link: the sender learns it once (the server keeps the first).
  const offer = state.status === 'loaded' ? state.offer : null
  useEffect(() => {
    if (!profile || !offer) return
    if (offer.signed_in) return setSignedIn(true)
    api
      .post(KP_API.signedIn(token), {}, { quiet: true })
      .then(() => setSignedIn(true))
      .catch(() => undefined)
  }, [api, token, profile, offer])

  /** To /login or /register, landing back here once signed in. */
  const through = (to: string) => {
    bus.emit('auth/pathRemembered', { path: cabinetLink(token) }, 'ui')
    void dispatch('app/navigate', { to })
  }

  if (state.status === 'loading') return <GlobalLoader aria-label={t('kp.cabinet.loading')} />
  if (state.status !== 'loaded') {
    return (
      <CabinetFrame title={t('kp.cabinet.title')}>
        {state.status === 'failed' ? (
          <ErrorState title={t('kp.cabinet.failed')} message={state.message ?? undefined} retryLabel={t('kp.cabinet.retry')} onRetry={load} />
        ) : (
          <Alert kind={state.status === 'expired' ? 'warning' : 'error'} title={t(`kp.cabinet.${state.status}`)}>
            {t(`kp.cabinet.${state.status}Text`)}
          </Alert>
        )}
      </CabinetFrame>
    )
  }

  const { tender, winner, sender } = state.offer
  // A client without a company lands on /company, which reads these to fill the form in.
  const companyQuery = new URLSearchParams({ name: winner.name, inn: winner.inn }).toString()
  return (
    <CabinetFrame title={state.offer.subject}>
      <Stack gap="xl">
        <Offer data-testid="cabinet-offer">{state.offer.body}</Offer>
        <Section aria-labelledby="cabinet-tender">
          <h2 id="cabinet-tender">{t('kp.cabinet.tender')}</h2>
          <Facts>
            <dt>{t('kp.mail.number')}</dt>
            <dd>{tender.notification_number}</dd>
            <dt>{t('kp.mail.name')}</dt>
            <dd>{tender.name}</dd>
            <dt>{t('kp.mail.customer')}</dt>
            <dd>{tender.customer_name}</dd>
            <dt>{t('kp.cabinet.protocolDate')}</dt>
            <dd>{f.date(tender.protocol_date)}</dd>
            <dt>{t('kp.mail.initialPrice')}</dt>
            <dd>{f.money(tender.initial_price)}</dd>
            {tender.contract_price !== null && (
              <>
                <dt>{t('kp.mail.contractPrice')}</dt>
                <dd>{f.money(tender.contract_price)}</dd>
              </>
            )}
            <dt>{t('kp.mail.guarantee')}</dt>
            <dd>{tender.guarantee_amount === null ? t('kp.mail.noGuarantee') : f.money(tender.guarantee_amount)}</dd>
          </Facts>
        </Section>
        <Section aria-labelledby="cabinet-company">
          <h2 id="cabinet-company">{t('kp.cabinet.company')}</h2>
          <p>
            {winner.name}
            <br />
            {t('kp.cabinet.inn', { inn: winner.inn })}
            {winner.kpp && `, ${t('kp.cabinet.kpp', { kpp: winner.kpp })}`}
          </p>
        </Section>
        <Section aria-labelledby="cabinet-sender">
          <h2 id="cabinet-sender">{t('kp.cabinet.sender')}</h2>
          <p>
            {sender.name}
            {sender.phone && (
              <>
                <br />
                <a href={`tel:+${sender.phone}`}>{formatPhone(sender.phone)}</a>
              </>
            )}
            {sender.email && (
              <>
                <br />
                <a href={`mailto:${sender.email}`}>{sender.email}</a>
              </>
            )}
          </p>
        </Section>
        {profile ? (
          <Stack gap="md">
            {signedIn && (
              <Alert kind="success" role="status">
                {t('kp.cabinet.signedIn')}
              </Alert>
            )}
            <Link href={profile.role === ROLE.client ? `/company?${companyQuery}` : '/'}>{t('kp.cabinet.toCabinet')}</Link>
          </Stack>
        ) : (
          <Stack gap="md">
            <p>{t('kp.cabinet.actionsHint', { company: winner.name, inn: winner.inn })}</p>
            <Actions>
              <Button variant="primary" size="lg" onPress={() => through(`/register?${new URLSearchParams({ email: winner.email })}`)} data-testid="cabinet-register">
                {t('kp.cabinet.register')}
              </Button>
              <Button size="lg" onPress={() => through('/login')} data-testid="cabinet-sign-in">
                {t('kp.cabinet.signIn')}
              </Button>
            </Actions>
          </Stack>
        )}
      </Stack>
    </CabinetFrame>
  )
}
