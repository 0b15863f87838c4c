import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { asFailure } from '../../../core/api/client'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { SelectField } from '../../../core/ui/SelectField'
import { Row } from '../../../core/ui/Stack'
import { formatPhone } from '../../../core/validation/phone'
import { partnersApi, type BankUser, type Partner, type PartnerStaff } from '../contract'

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  & ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
  }
`

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; staff: PartnerStaff[]; users: BankUser[] }

/** A bank's staff (administrators): who belongs to it, and adding a bank user (moving them from another bank). */
export function StaffSection({ partner }: { partner: Partner }) {
  const t = useT('partners')
  const { api } = useRuntime()
  const [state, setState] = useState<State>({ status: 'loading' })
  const [chosen, setChosen] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const load = async () => {
    try {
      const [staff, users] = await Promise.all([api.get<PartnerStaff[]>(partnersApi.staff(partner.id), { quiet: true }), api.get<BankUser[]>(partnersApi.bankUsers, { quiet: true })])
      setState({ status: 'loaded', staff, users })
    } catch (error) {
      setState({ status: 'failed', message: asFailure(error).message ?? t('staff.loadFailed') })
    }
  }
  useEffect(() => {
    void load()
  }, [partner.id])

  const change = async (path: string, body: unknown) => {
    setBusy(true)
    setFailure(null)
    try {
      await api.post<PartnerStaff[]>(path, body, { quiet: true })
      setChosen('')
      await load()
    } catch (error) {
      setFailure(asFailure(error).message ?? t('staff.loadFailed'))
    } finally {
      setBusy(false)
    }
  }

  if (state.status === 'loading') return <p aria-busy="true">{t('staff.loading')}</p>
  if (state.status === 'failed') return <Alert kind="error">{state.message}</Alert>
  const others = state.users.filter(u => u.partner_id !== partner.id)
  return (
    <Section aria-labelledby="partner-staff" data-testid="partner-staff">
      <h3 id="partner-staff">{t('staff.title')}</h3>
      {failure && <Alert kind="error">{failure}</Alert>}
      {state.staff.length === 0 ? (
        <p>{t('staff.none')}</p>
      ) : (
        <ul>
          {state.staff.map(s => (
            <li key={s.user_id}>
              <span>
                {s.full_name} · {t(`staff.roles.${s.role === 45 ? 'manager' : 'user'}`)} · {formatPhone(s.phone)}
              </span>
              <Button size="sm" variant="ghost" isDisabled={busy} onPress={() => void change(partnersApi.removeStaff(partner.id, s.user_id), {})} aria-label={t('staff.removeOf', { name: s.full_name })}>
                {t('staff.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <Row gap="sm" wrap align="end">
          <SelectField
            label={t('staff.add')}
            name="staff_user"
            value={chosen}
            onChange={setChosen}
            placeholder={t('staff.choose')}
            options={others.map(u => ({ value: String(u.user_id), label: `${u.full_name} (${t(`staff.roles.${u.role === 45 ? 'manager' : 'user'}`)}${u.partner_id ? `, ${t('staff.elsewhere')}` : ''})` }))}
          />
          <Button isDisabled={!chosen || busy} onPress={() => void change(partnersApi.staff(partner.id), { user_id: Number(chosen) })} data-testid="staff-add">
            {t('staff.addButton')}
          </Button>
        </Row>
      )}
    </Section>
  )
}
