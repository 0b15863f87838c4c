import styled from 'styled-components'
import type { TFunction } from 'i18next'
import type { PartnerProduct } from '../contract'
import { formatNumber } from './format'

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(96px, 40%) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  & > dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & > dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

/** "from 10 000 to 5 000 000 ₽", "up to …", "from …", or "any". */
export function limitsText(t: TFunction, locale: string, p: Pick<PartnerProduct, 'min_amount' | 'max_amount'>): string {
  const n = (x: number) => formatNumber(locale, x, 0)
  if (p.min_amount !== null && p.max_amount !== null) return t('conditions.fromTo', { from: n(p.min_amount), to: n(p.max_amount) })
  if (p.max_amount !== null) return t('conditions.upTo', { to: n(p.max_amount) })
  if (p.min_amount !== null) return t('conditions.from', { from: n(p.min_amount) })
  return t('conditions.any')
}

export const rateText = (t: TFunction, locale: string, p: PartnerProduct): string => t('conditions.rate', { rate: formatNumber(locale, p.rate_percent, 3) })
export const feeText = (t: TFunction, locale: string, p: PartnerProduct): string => t('conditions.money', { sum: formatNumber(locale, p.min_fee, 2) })
export const termText = (t: TFunction, p: PartnerProduct): string => (p.max_term_days === null ? t('conditions.any') : t('conditions.days', { count: p.max_term_days }))
const documentsText = (t: TFunction, p: PartnerProduct): string => (p.required_documents.length ? p.required_documents.map(d => t(`documents.${d}`)).join(', ') : '—')

/** A product's conditions as a definition list (the details dialog). */
export function ProductConditions({ t, locale, product }: { t: TFunction; locale: string; product: PartnerProduct }) {
  return (
    <List>
      <dt>{t('fields.rate')}</dt>
      <dd>{rateText(t, locale, product)}</dd>
      <dt>{t('fields.minFee')}</dt>
      <dd>{feeText(t, locale, product)}</dd>
      <dt>{t('fields.limits')}</dt>
      <dd>{limitsText(t, locale, product)}</dd>
      <dt>{t('fields.maxTerm')}</dt>
      <dd>{termText(t, product)}</dd>
      <dt>{t('fields.documents')}</dt>
      <dd>{documentsText(t, product)}</dd>
      {product.conditions && (
        <>
          <dt>{t('fields.conditions')}</dt>
          <dd>{product.conditions}</dd>
        </>
      )}
    </List>
  )
}
