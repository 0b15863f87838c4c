/** What the call center's endpoints are called (SPEC §7; the tender variants are the tenders module's: its contract.ts). */
export const CALLCENTER_API = {
  phoneCall: 'v1/call-center/phone-call',
  phoneCallStatus: (id: number) => `v1/call-center/phone-call/${id}`,
  searchLinks: 'v1/call-center/search-links-by-phone',
  callEnd: (phoneCallId: number) => `v1/call-center/${phoneCallId}/call-end`,
  contactAdd: 'v1/call-center/contact-add',
  callers: 'v1/call-center/callers',
  caller: (id: number) => `v1/call-center/callers/${id}`,
  sips: 'v1/call-center/sips',
  freeSips: 'v1/call-center/sips/free',
  offices: 'v1/call-center/offices',
  statistics: 'v1/call-center/statistics',
} as const
