import type { WidgetSlots } from '../../../../core/plugin/types'
import '../../slots'
import { SendOfferButton } from './SendOfferButton'

/** ShowTender's `tenders/showActions` slot: the KP button; a sent KP reloads the tender (its history shows it). */
export default function SendOfferWidget({ tender, reload }: WidgetSlots['tenders/showActions']) {
  return <SendOfferButton tender={tender} onSent={reload} />
}
