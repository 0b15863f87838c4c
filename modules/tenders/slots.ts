import type { TenderDetails } from './contract'

// The places of ShowTender other parts of the tenders module fill (core/plugin/types.ts WidgetSlots, core/ui/Slot).
declare module '../../core/plugin/types' {
  interface WidgetSlots {
    /** ShowTender's header actions beside favourite and take: the KP (commercial proposal) button goes here. */
    'tenders/showActions': { tender: TenderDetails; reload: () => void }
  }
}

export {}
