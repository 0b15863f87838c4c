import { useUnit } from 'effector-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import styled from 'styled-components'
import { actorOf } from '../../../core/access'
import { asFailure } from '../../../core/api/client'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { $locale } from '../../../core/i18n/model'
import { useRuntime } from '../../../core/react/runtime'
import { Alert } from '../../../core/ui/Alert'
import { Badge } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { PagedTable } from '../../../core/ui/list/PagedTable'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { ToggleFilter } from '../../../core/ui/list/ToggleFilter'
import { useListLoad } from '../../../core/ui/list/useListLoad'
import { SelectField } from '../../../core/ui/SelectField'
import { Row, Stack } from '../../../core/ui/Stack'
import { canEditPartners } from '../access'
import { partnersApi, type Partner, type PartnerProduct } from '../contract'
import { KIND_FILTER, SERVICE_FILTER, partnersLoad } from '../loads'
import { partnersList } from '../model'
import { ProductConditions, feeText, limitsText, rateText, termText } from './ProductConditions'

// An administrator's editors: fetched when one is first opened (other roles never draw them).
const PartnerDialog = lazy(() => import('./PartnerDialog').then(m => ({ default: m.PartnerDialog })))
const ProductDialog = lazy(() => import('./ProductDialog').then(m => ({ default: m.ProductDialog })))
const StaffSection = lazy(() => import('./StaffSection').then(m => ({ default: m.StaffSection })))

const Products = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`

const ProductCard = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
  }
`

/** Everything the page lists at once (a few dozen partners): no paging. */
const ALL_ROWS = 1000

/**
 * /partners (everyone but roles 150 and 40): banks and microfinance organisations with their products and
 * conditions, filtered by service, kind and name. A row opens its details; administrators add and edit there.
 */
export default function PartnersPage() {
  const t = useT('partners')
  const locale = useUnit($locale)
  const profile = useUnit($profile)
  const admin = profile !== null && canEditPartners(actorOf(profile))
  const [query, setQuery, reload] = useListLoad(partnersLoad)
  const state = useUnit(partnersList.$state)
  const [openId, setOpenId] = useState<number | null>(null)
  const [editing, setEditing] = useState<'new' | Partner | null>(null)
  const [product, setProduct] = useState<{ partner: Partner; product: PartnerProduct | null } | null>(null)
  /** The partner as last saved, until the list's reload brings it. */
  const [saved, setSaved] = useState<Partner | null>(null)
  const service = query.service === 'all' ? null : Number(query.service)

  const rows = state.data?.items ?? []
  const open = openId === null ? null : (saved?.id === openId ? saved : rows.find(p => p.id === openId)) ?? null

  const columns = useMemo<DataColumn<Partner>[]>(() => {
    const productOf = (p: Partner) => p.products.find(x => x.service_type === service)
    const base: DataColumn<Partner>[] = [
      { id: 'name', header: t('fields.name'), cell: p => p.short_name, isRowHeader: true, minWidth: 180 },
      {
        id: 'kind',
        header: t('fields.kind'),
        cell: p => (
          <Row gap="xs" wrap>
            <Badge tone={p.kind === 'bank' ? 'primary' : 'neutral'}>{t(`kinds.${p.kind}`)}</Badge>
            {!p.active && <Badge tone="warning">{t('inactive')}</Badge>}
          </Row>
        ),
      },
    ]
    if (service === null) {
      return [
        ...base,
        {
          id: 'products',
          header: t('fields.products'),
          minWidth: 260,
          cell: p =>
            p.products.length === 0 ? (
              '—'
            ) : (
              <Products>
                {p.products.map(x => (
                  <li key={x.id}>
                    {t(`services.${x.service_type}`)}: {rateText(t, locale, x)}
                  </li>
                ))}
              </Products>
            ),
        },
      ]
    }
    const of = (render: (x: PartnerProduct) => string) => (p: Partner) => {
      const x = productOf(p)
      return x ? render(x) : '—'
    }
    return [
      ...base,
      // The cells carry their units (%, ₽, days), so the headers are short, and the documents (much the same list at
      // every bank) are read in a partner's details: the columns of a comparison fit a laptop's 1366 px.
      { id: 'rate', header: t('columns.rate'), cell: of(x => rateText(t, locale, x)), nowrap: true, align: 'end' },
      { id: 'minFee', header: t('columns.minFee'), cell: of(x => feeText(t, locale, x)), nowrap: true, align: 'end' },
      { id: 'limits', header: t('fields.limits'), cell: of(x => limitsText(t, locale, x)) },
      { id: 'term', header: t('columns.maxTerm'), cell: of(x => termText(t, x)), nowrap: true },
      { id: 'conditions', header: t('fields.conditions'), cell: of(x => x.conditions || '—'), minWidth: 240 },
    ]
  }, [t, locale, service])

  const afterSave = (partner: Partner) => {
    setSaved(partner)
    setEditing(null)
    setProduct(null)
    setOpenId(partner.id)
    reload()
  }

  return (
    <ListPage
      title={t('pages.list')}
      description={state.data ? <SearchTotal page={state.data} q={query.q} count={t('total', { count: state.data.total })} /> : undefined}
      actions={
        admin ? (
          <Button variant="primary" onPress={() => setEditing('new')} data-testid="partner-add">
            {t('actions.addPartner')}
          </Button>
        ) : undefined
      }
      search={{ label: t('search'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'partners-search' }}
      filters={
        <>
          <ToggleFilter label={t('fields.kind')} options={KIND_FILTER.map(k => ({ id: k, label: t(`kindFilter.${k}`) }))} value={query.kind} onChange={kind => setQuery({ kind })} />
          <SelectField
            label={t('fields.service')}
            name="service"
            value={query.service}
            onChange={s => setQuery({ service: s as (typeof SERVICE_FILTER)[number] })}
            options={SERVICE_FILTER.map(s => ({ value: s, label: s === 'all' ? t('allServices') : t(`services.${s}`) }))}
          />
          {admin && (
            <ToggleFilter
              label={t('activeFilter.label')}
              options={[
                { id: '0', label: t('activeFilter.active') },
                { id: '1', label: t('activeFilter.all') },
              ]}
              value={query.inactive}
              onChange={inactive => setQuery({ inactive })}
            />
          )}
        </>
      }
    >
      <PagedTable
        state={state}
        page={1}
        limit={ALL_ROWS}
        onPage={() => undefined}
        onRetry={reload}
        isFiltered={query.q !== '' || query.service !== 'all' || query.kind !== 'all'}
        empty={{ title: t(query.q || query.service !== 'all' || query.kind !== 'all' ? 'noneFound' : 'none') }}
        failedTitle={t('loadFailed')}
        aria-label={t('pages.list')}
        data-testid="partners-table"
        columns={columns}
        onRowAction={p => {
          setSaved(null)
          setOpenId(p.id)
        }}
      />
      {open && (
        <PartnerDetails
          partner={open}
          admin={admin}
          onClose={() => setOpenId(null)}
          onEdit={() => setEditing(open)}
          onProduct={p => setProduct({ partner: open, product: p })}
          onChanged={afterSave}
        />
      )}
      <Suspense fallback={null}>
        {admin && editing !== null && <PartnerDialog isOpen partner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={afterSave} />}
        {admin && product && <ProductDialog isOpen partner={product.partner} product={product.product} onClose={() => setProduct(null)} onSaved={afterSave} />}
      </Suspense>
    </ListPage>
  )
}

interface DetailsProps {
  partner: Partner
  admin: boolean
  onClose: () => void
  onEdit: () => void
  onProduct: (product: PartnerProduct | null) => void
  onChanged: (partner: Partner) => void
}

/** A partner with every product's conditions; administrators edit from here. */
function PartnerDetails({ partner, admin, onClose, onEdit, onProduct, onChanged }: DetailsProps) {
  const t = useT('partners')
  const locale = useUnit($locale)
  const { api } = useRuntime()
  const [failure, setFailure] = useState<string | null>(null)
  const remove = async (product: PartnerProduct) => {
    setFailure(null)
    try {
      onChanged(await api.post<Partner>(partnersApi.deleteProduct(partner.id, product.id), {}, { quiet: true }))
    } catch (error) {
      setFailure(asFailure(error).message ?? t('loadFailed'))
    }
  }
  return (
    <Dialog
      isOpen
      onOpenChange={isOpen => !isOpen && onClose()}
      size="lg"
      title={partner.short_name}
      closeLabel={t('actions.close')}
      footer={
        admin ? (
          <>
            <Button onPress={onEdit} data-testid="partner-edit">
              {t('actions.editPartner')}
            </Button>
            <Button variant="primary" onPress={() => onProduct(null)} isDisabled={partner.products.length >= 8} data-testid="product-add">
              {t('actions.addProduct')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Stack gap="md" data-testid="partner-details">
        <p>
          {partner.name}
          {partner.inn && ` · ${t('fields.inn')} ${partner.inn}`}
          {partner.bik && ` · ${t('fields.bik')} ${partner.bik}`}
        </p>
        {partner.site && (
          <p>
            <a href={/^https?:\/\//.test(partner.site) ? partner.site : `https://${partner.site}`} target="_blank" rel="noreferrer noopener">
              {partner.site}
            </a>
          </p>
        )}
        {failure && <Alert kind="error">{failure}</Alert>}
        {partner.products.length === 0 && <p>{t('noProducts')}</p>}
        {partner.products.map(p => (
          <ProductCard key={p.id} aria-labelledby={`product-${p.id}`} data-testid="product-card">
            <h3 id={`product-${p.id}`}>{t(`services.${p.service_type}`)}</h3>
            <ProductConditions t={t} locale={locale} product={p} />
            {admin && (
              <Row gap="sm" wrap>
                <Button size="sm" onPress={() => onProduct(p)} aria-label={t('actions.editProductOf', { service: t(`services.${p.service_type}`) })}>
                  {t('actions.edit')}
                </Button>
                <Button size="sm" variant="danger" onPress={() => void remove(p)} aria-label={t('actions.deleteProductOf', { service: t(`services.${p.service_type}`) })}>
                  {t('actions.delete')}
                </Button>
              </Row>
            )}
          </ProductCard>
        ))}
        {admin && partner.kind === 'bank' && (
          <Suspense fallback={null}>
            <StaffSection partner={partner} />
          </Suspense>
        )}
      </Stack>
    </Dialog>
  )
}
