import { useState } from 'react'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { showToast, TOAST_PRESET } from '../../../../core/toast/toast'
import { Badge } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Slot } from '../../../../core/ui/Slot'
import { Row } from '../../../../core/ui/Stack'
import { TENDERS_API, type TenderDetails, type TenderTaker } from '../../contract'
import '../../slots'

/**
 * The tender's own actions: favourite on/off (SPEC §8 toasts), take to work (history 2) or who has it, and the
 * `tenders/showActions` slot (the KP button). `profileId` tells "in work by you" from "in work by someone".
 */
export function TenderActions({ tender, profileId, changed }: { tender: TenderDetails; profileId: number; changed: () => void }) {
  const t = useT('tenders')
  const { api, bus } = useRuntime()
  const [busy, setBusy] = useState<'favourite' | 'take' | null>(null)

  const favourite = async () => {
    setBusy('favourite')
    try {
      const { favourite: on } = await api.post<{ favourite: boolean }>(TENDERS_API.favourite(tender.id), {}, { quiet: true })
      showToast(bus, on ? { ...TOAST_PRESET.favouriteOn, text: t('show.favouriteOn') } : { ...TOAST_PRESET.favouriteOff, text: t('show.favouriteOff') }, 'api')
      changed()
    } catch {
      showToast(bus, { ...TOAST_PRESET.favouriteError, text: t('show.favouriteError') }, 'api')
    } finally {
      setBusy(null)
    }
  }

  const take = async () => {
    setBusy('take')
    try {
      await api.post<{ taken_by: TenderTaker }>(TENDERS_API.take(tender.id), {}, { quiet: true })
    } catch (failure) {
      showToast(bus, { ...TOAST_PRESET.apiError, text: asFailure(failure).message ?? t('show.takeError') }, 'api')
    } finally {
      setBusy(null)
      changed()
    }
  }

  return (
    <Row wrap data-testid="tender-actions">
      <Button
        variant={tender.favourite ? 'primary' : 'secondary'}
        aria-pressed={tender.favourite}
        isPending={busy === 'favourite'}
        onPress={() => void favourite()}
        data-testid="tender-favourite"
      >
        {tender.favourite ? `★ ${t('show.inFavourites')}` : `☆ ${t('show.toFavourites')}`}
      </Button>
      {tender.taken_by === null ? (
        <Button isPending={busy === 'take'} onPress={() => void take()} data-testid="tender-take">
          {t('show.take')}
        </Button>
      ) : (
        <span data-testid="tender-taken">
          <Badge tone={tender.taken_by.id === profileId ? 'success' : 'neutral'}>
            {tender.taken_by.id === profileId ? t('show.takenByMe') : t('show.takenBy', { name: tender.taken_by.name })}
          </Badge>
        </span>
      )}
      <Slot slot="tenders/showActions" props={{ tender, reload: changed }} />
    </Row>
  )
}
