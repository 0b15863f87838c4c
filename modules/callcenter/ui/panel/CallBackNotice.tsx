import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { Alert } from '../../../../core/ui/Alert'
import type { CallBackSet } from '../../model'
import { displayNumber } from './format'

/**
 * Said in the panel after a call finished with a reminder (issue 13 §1): when the call-back is due, and a link to
 * the task the tasks module made of it (`href`: its page by name, null when that module is not installed).
 */
export function CallBackNotice({ callBack, href, locale }: { callBack: CallBackSet; href: string | null; locale: string }) {
  const t = useT('callcenter')
  const when = new Date(callBack.due_at).toLocaleString(locale === 'en' ? 'en-GB' : 'ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  return (
    <Alert
      kind="success"
      role="status"
      action={
        href && (
          <Link href={href} data-testid="call-back-task">
            {t('panel.openTask')}
          </Link>
        )
      }
    >
      <span data-testid="call-back-set">{t('panel.callBackSet', { phone: displayNumber(callBack.phone), when })}</span>
    </Alert>
  )
}
