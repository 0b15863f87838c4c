import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { useT } from '../../core/i18n/useT'
import { useDispatch } from '../../core/react/runtime'
import { $socketNotice } from '../../core/socket/model'
import { Alert } from '../../core/ui/Alert'
import { Button } from '../../core/ui/Button'

// The live region stays in the page so that what appears in it is announced; it takes no room while empty.
const Region = styled.div`
  &:not(:empty) {
    margin-bottom: ${({ theme }) => theme.space.lg};
  }
`
// At 390 px the button goes under the text instead of squeezing it.
const Lost = styled(Alert)`
  flex-wrap: wrap;
  > div:first-of-type {
    flex-basis: 12rem;
  }
`

/**
 * Once the socket gave up reconnecting (100 attempts), notifications stop arriving: the shell says so, politely, under
 * the header, with a button that starts a fresh series of attempts. It leaves as soon as the socket is connected again.
 */
export function SocketNotice() {
  const t = useT('shell')
  const dispatch = useDispatch()
  const notice = useUnit($socketNotice)
  const reconnecting = notice === 'reconnecting'
  return (
    <Region role="status" data-testid="socket-notice">
      {notice && (
        <Lost
          kind="warning"
          role="none"
          action={
            <Button size="sm" isPending={reconnecting} onPress={() => void dispatch('socket/retry', {})}>
              {t('socket.reconnect')}
            </Button>
          }
        >
          {t(reconnecting ? 'socket.reconnecting' : 'socket.lost')}
        </Lost>
      )}
    </Region>
  )
}
