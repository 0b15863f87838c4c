import { useState } from 'react'
import { useT } from '../../../../core/i18n/useT'
import { useDispatch } from '../../../../core/react/runtime'
import { Badge } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Slot } from '../../../../core/ui/Slot'
import { Row } from '../../../../core/ui/Stack'
import type { TenderDetails } from '../../contract'
import '../../slots'

/**
 * The tender's own actions: favourite on/off, take to work (history 2) or who has it, and the `tenders/showActions`
 * slot (the KP button). They run the registry's commands (the same calls, toasts and refusals as its rows) and read
 * the tender again once a command is done, whatever it ended with: a refused take then says whose the tender is.
 * `profileId` tells "in work by you" from "in work by someone".
 */
export function TenderActions({ tender, profileId, changed }: { tender: TenderDetails; profileId: number; changed: () => void }) {
  const t = useT('tenders')
  const dispatch = useDispatch()
  const [busy, setBusy] = useState<'favourite' | 'take' | null>(null)

  // dispatch never rejects: a failure is the command's own toast.
  const run = async (action: 'favourite' | 'take') => {
    setBusy(action)
    await (action === 'favourite' ? dispatch('tenders/toggleFavourite', { id: tender.id }) : dispatch('tenders/take', { id: tender.id }))
    setBusy(null)
    changed()
  }

  return (
    <Row wrap data-testid="tender-actions">
      <Button
        variant={tender.favourite ? 'primary' : 'secondary'}
        aria-pressed={tender.favourite}
        isPending={busy === 'favourite'}
        onPress={() => void run('favourite')}
        data-testid="tender-favourite"
      >
        {tender.favourite ? `★ ${t('show.inFavourites')}` : `☆ ${t('show.toFavourites')}`}
      </Button>
      {tender.taken_by === null ? (
        <Button isPending={busy === 'take'} onPress={() => void run('take')} data-testid="tender-take">
          {t('show.take')}
        </Button>
      ) : (
        <span data-testid="tender-taken">
          <Badge tone={tender.taken_by.id === profileId ? 'success' : 'neutral'}>
            {tender.taken_by.id === profileId ? t('registry.inWorkByMe') : t('registry.takenBy', { name: tender.taken_by.name })}
          </Badge>
        </span>
      )}
      <Slot slot="tenders/showActions" props={{ tender, reload: changed }} />
    </Row>
  )
}
