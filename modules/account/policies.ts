/** The documents a new client accepts at registration, each a public page (texts in this module's i18n packs). */
export const POLICY_PATHS = {
  personalData: '/policy/personal-data',
  edo: '/policy/edo',
} as const

export type PolicyKey = keyof typeof POLICY_PATHS
