import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { Button } from '../../../core/ui/Button'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * "Send the code again", open after the server's wait (60 s, SPEC §5) with the seconds left shown. The ticking
 * number is not read out each second: screen readers hear the wait once, and again when re-sending is open.
 * `sent` counts the codes sent, so each new one starts the wait over.
 */
export function ResendCode({ sent, seconds, sending, onResend }: { sent: number; seconds: number; sending: boolean; onResend: () => void }) {
  const t = useT('account')
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    setLeft(seconds)
    if (seconds <= 0) return
    const started = Date.now()
    const timer = setInterval(() => {
      const rest = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(rest)
      if (rest === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [sent, seconds])

  return (
    <Row>
      <Button size="sm" variant="ghost" isDisabled={left > 0} isPending={sending} onPress={onResend}>
        {t('register.resend')}
      </Button>
      {left > 0 && (
        <span data-testid="resend-countdown" aria-hidden="true">
          {t('register.resendIn', { time: clock(left) })}
        </span>
      )}
      <VisuallyHidden role="status">{left > 0 ? t('register.resendWait', { seconds }) : t('register.resendOpen')}</VisuallyHidden>
    </Row>
  )
}
