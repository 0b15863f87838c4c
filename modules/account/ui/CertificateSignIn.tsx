import { useState } from 'react'
import { asFailure } from '../../../core/api/client'
import type { Failure } from '../../../core/api/envelope'
import { usePackPart } from '../../../core/i18n/usePackPart'
import { useT } from '../../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Stack } from '../../../core/ui/Stack'
import { listCertificates, signHash, type Certificate } from './cryptoPlugin'

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'missing' } | { kind: 'none' } | { kind: 'list'; items: Certificate[] } | { kind: 'error'; message: string }

/**
 * SPEC §2 certificate tab: fetch the certificates, pick one, sign the server's code, sign in. SPEC §8: a failed
 * sign-in (`failure`, the server's answer) shows here, in this tab, and the certificates can be tried again.
 */
export default function CertificateSignIn({ failure }: { failure: Failure | null }) {
  usePackPart('account', 'certificates')
  const t = useT('account')
  const dispatch = useDispatch()
  const { api } = useRuntime()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const [signing, setSigning] = useState(false)

  const load = async () => {
    setState({ kind: 'loading' })
    const found = await listCertificates()
    if (found === null) setState({ kind: 'missing' })
    else setState(found.length ? { kind: 'list', items: found } : { kind: 'none' })
  }

  const signIn = async (certificate: Certificate) => {
    setSigning(true)
    try {
      // Quiet: the failure is shown in this tab, not as a toast.
      const hash = await api.get<string>('v1/users/get-sign-code', { quiet: true })
      const signature = await signHash(certificate, hash)
      await dispatch('auth/signInWithCertificate', { signature, hash })
    } catch (error) {
      setState({ kind: 'error', message: asFailure(error).message || t('certificates.failed') })
    } finally {
      setSigning(false)
    }
  }

  return (
    <Stack gap="md">
      {state.kind === 'missing' && <Alert kind="warning">{t('certificates.pluginMissing')}</Alert>}
      {state.kind === 'none' && <Alert kind="info">{t('certificates.none')}</Alert>}
      {state.kind === 'error' && (
        <Alert kind="error" title={t('login.failed')}>
          {state.message}
        </Alert>
      )}
      {failure && state.kind !== 'error' && !signing && (
        <Alert kind="error" title={t('login.failed')}>
          {failure.message || t('certificates.failed')}
        </Alert>
      )}
      {state.kind === 'list' && (
        <Stack gap="sm" role="group" aria-label={t('certificates.choose')}>
          {state.items.map(item => (
            <Button key={item.thumbprint} isDisabled={signing} onPress={() => void signIn(item)}>
              {item.name}
            </Button>
          ))}
        </Stack>
      )}
      <Button variant="primary" isPending={state.kind === 'loading'} onPress={() => void load()}>
        {t('certificates.fetch')}
      </Button>
    </Stack>
  )
}
