import { useUnit } from 'effector-react'
import { $locale } from '../../../core/i18n/model'
import { Badge } from '../../../core/ui/Badge'
import { isoToRu } from './dates'
import { useMessage } from './message'

/** `2024-08-16` → `16.08.2024`; null → null (a record card leaves the row out). */
export const formatDate = (iso: string | null | undefined): string | null => (iso ? isoToRu(iso) : null)

/** An instant (ISO 8601) as the user's local date and time. */
export function useDateTime() {
  const locale = useUnit($locale)
  const format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' })
  return (iso: string | null | undefined) => (iso ? format.format(new Date(iso)) : '')
}

export const formatShare = (share: number | null | undefined): string =>
  share === null || share === undefined ? '' : String(Math.round(share * 100) / 100).replace('.', ',')

/** Thousands of rubles with grouped digits. */
export function useMoney() {
  const locale = useUnit($locale)
  const format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 2 })
  return (value: number | null | undefined) => (value === null || value === undefined ? '—' : format.format(value))
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`
  return `${(size / (1024 * 1024)).toFixed(1)} MB`
}

/** The server's check-digit warnings of a saved record, visible on its card (they never blocked the save). */
export function WarningBadges({ warnings }: { warnings: Record<string, string> | undefined }) {
  const message = useMessage()
  return (
    <>
      {Object.entries(warnings ?? {}).map(([field, key]) => (
        <Badge key={field} tone="warning" data-warning={field}>
          ⚠ {message(key)}
        </Badge>
      ))}
    </>
  )
}
