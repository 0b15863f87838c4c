import { useT } from '../../../core/i18n/useT'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import { splitWorkflow, type SplitStatusCode, type TransactionStatusCode } from '../workflow'

const TONE: Record<SplitStatusCode, BadgeTone> = { 5: 'error', 10: 'neutral', 20: 'info', 30: 'warning', 40: 'primary', 100: 'success' }
const TX_TONE: Record<TransactionStatusCode, BadgeTone> = { 10: 'warning', 20: 'neutral', 30: 'error', 50: 'success' }

export function SplitStatusBadge({ status }: { status: SplitStatusCode }) {
  const t = useT('split')
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`workflow.status.statuses.${splitWorkflow.statusName(status) ?? 'notActivated'}`)}</Badge>
}

export function TransactionStatusBadge({ status }: { status: TransactionStatusCode }) {
  const t = useT('split')
  return <Badge tone={TX_TONE[status] ?? 'neutral'}>{t(`transaction.status.${status}`)}</Badge>
}
