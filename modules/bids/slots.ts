// The places of the bid's page other modules fill (core/plugin/types.ts WidgetSlots, core/ui/Slot).
declare module '../../core/plugin/types' {
  interface WidgetSlots {
    /** The bid's header actions: e.g. the tasks module's "Create task". */
    'bids/pageActions': { bidId: number }
  }
}

export {}
