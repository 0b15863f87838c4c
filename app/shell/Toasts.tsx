import { useUnit } from 'effector-react'
import { packOfKey } from '../../core/i18n/packs'
import { useT } from '../../core/i18n/useT'
import { useDispatch, useRuntime } from '../../core/react/runtime'
import { $toasts } from '../../core/toast/model'
import { ToastRegion } from '../../core/ui/ToastRegion'

/** The toast store (timers included) is core/toast's; this renders it on every page, login included. */
export function Toasts() {
  const t = useT('shell')
  const dispatch = useDispatch()
  const toasts = useUnit($toasts)
  const { i18n, packs } = useRuntime()
  // Modules may pass an i18n key (`account:profile.saved`); server messages arrive already translated. A key of a
  // module whose pack is still on its way (core/i18n/process.ts asked for it) waits for it rather than show the key.
  const shown = toasts.flatMap(toast => {
    if (i18n.exists(toast.text)) return [{ ...toast, text: t(toast.text) }]
    const pack = packOfKey(toast.text)
    return pack && !packs.hasWhole(pack) ? [] : [toast]
  })
  return (
    <ToastRegion
      toasts={shown}
      onDismiss={id => void dispatch('toast/dismiss', { id })}
      label={t('core:toast.label')}
      closeLabel={t('core:toast.close')}
      kindLabels={{ info: t('core:toast.kinds.info'), success: t('core:toast.kinds.success'), warning: t('core:toast.kinds.warning'), error: t('core:toast.kinds.error') }}
    />
  )
}
