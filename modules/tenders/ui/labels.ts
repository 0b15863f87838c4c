import type { TFunction } from 'i18next'

/** A tender's region and law as the registry names them (`registry.*` keys), on every screen that shows them. */
export const regionName = (t: TFunction, code: number): string => t(`registry.regions.${code}`, { defaultValue: String(code) })
export const lawName = (t: TFunction, law: number): string => t('registry.law', { law })
