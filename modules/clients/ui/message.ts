import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'

/** A message that may be an i18n key (the shared rules' messages) or a text the server already translated. */
export function useMessage() {
  const { i18n } = useRuntime()
  const t = useT()
  return (message: string | null | undefined): string | null => {
    if (!message) return null
    return /^[a-z]+:[\w.]+$/i.test(message) && i18n.exists(message) ? t(message) : message
  }
}
