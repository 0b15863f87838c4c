import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { Panel } from '../../../../core/ui/Card'
import type { TenderDetails, TenderListItem } from '../../contract'
import { tenderPath } from '../../notifications'
import { lawName, regionName } from '../labels'
import { Facts } from '../Facts'
import { useTenderFormats } from '../format'
import { Phone, Rows } from './parts'

const LotsTitle = styled.h3`
  margin: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.xs}`};
  font-size: ${({ theme }) => theme.font.size.md};
`

const Fact = ({ label, children, field }: { label: string; children: React.ReactNode; field: string }) => (
  <div style={{ display: 'contents' }}>
    <dt>{label}</dt>
    <dd data-field={field}>{children}</dd>
  </div>
)

/** The winner: who to call and write to. */
export function WinnerCard({ tender }: { tender: TenderDetails }) {
  const t = useT('tenders')
  return (
    <Panel title={t('show.winner.title')} data-testid="tender-winner">
      <Facts>
        <Fact label={t('show.winner.name')} field="winner_name">{tender.winner_name}</Fact>
        <Fact label={t('show.winner.inn')} field="winner_inn">{tender.winner_inn}</Fact>
        <Fact label={t('show.winner.kpp')} field="winner_kpp">{tender.winner_kpp ?? '—'}</Fact>
        <Fact label={t('show.winner.address')} field="winner_address">{tender.winner_address ?? '—'}</Fact>
        <Fact label={t('show.winner.email')} field="winner_email">
          {tender.winner_email ? <a href={`mailto:${tender.winner_email}`}>{tender.winner_email}</a> : '—'}
        </Fact>
        <Fact label={t('show.winner.phone')} field="winner_phone">
          {tender.winner_phone ? <Phone phone={tender.winner_phone} tenderId={tender.id} name={tender.winner_name} /> : '—'}
        </Fact>
      </Facts>
    </Panel>
  )
}

/** The procurement itself. */
export function TenderCard({ tender }: { tender: TenderDetails }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  return (
    <Panel title={t('show.tender.title')} data-testid="tender-card">
      <Facts>
        <Fact label={t('show.tender.number')} field="notification_number">{tender.notification_number}</Fact>
        <Fact label={t('show.tender.name')} field="name">{tender.name}</Fact>
        <Fact label={t('show.tender.customer')} field="customer_name">
          {tender.customer_name}
          {tender.customer_inn && ` · ${t('show.winner.inn')} ${tender.customer_inn}`}
        </Fact>
        <Fact label={t('show.tender.law')} field="federal_law">{lawName(t, tender.federal_law)}</Fact>
        <Fact label={t('show.tender.region')} field="region">{regionName(t, tender.region)}</Fact>
        <Fact label={t('show.tender.initialPrice')} field="initial_price">{f.money(tender.initial_price)}</Fact>
        <Fact label={t('show.tender.contractPrice')} field="contract_price">{f.money(tender.contract_price)}</Fact>
        <Fact label={t('show.tender.guarantee')} field="guarantee_amount">{tender.guarantee_amount === null ? t('show.tender.noGuarantee') : f.money(tender.guarantee_amount)}</Fact>
        <Fact label={t('show.tender.protocolDate')} field="protocol_date">{f.date(tender.protocol_date)}</Fact>
        <Fact label={t('show.tender.source')} field="source_url">
          {tender.source_url ? (
            <a href={tender.source_url} target="_blank" rel="noreferrer noopener">
              {t('show.tender.sourceLink')}
            </a>
          ) : (
            '—'
          )}
        </Fact>
      </Facts>
      {tender.lots.length > 0 && (
        <>
          <LotsTitle>{t('show.tender.lots', { n: tender.lots.length })}</LotsTitle>
          <Rows data-testid="tender-lots">
            {tender.lots.map((lot, i) => (
              <li key={i}>
                {lot.name} <small>{f.money(lot.price)}</small>
              </li>
            ))}
          </Rows>
        </>
      )}
    </Panel>
  )
}

/** SPEC §9: the winner's other tenders with a protocol of the last 10 days. */
export function Participation({ items }: { items: readonly TenderListItem[] }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  return (
    <Panel title={t('show.participation.title')} data-testid="tender-participation">
      {items.length === 0 ? (
        <p>{t('show.participation.empty')}</p>
      ) : (
        <Rows>
          {items.map(item => (
            <li key={item.id}>
              <Link href={tenderPath(item.id)}>{t('show.participation.item', { number: item.notification_number })}</Link> {item.name}
              <br />
              <small>
                {f.date(item.protocol_date)} · {item.customer_name} · {f.money(item.contract_price ?? item.initial_price)}
              </small>
            </li>
          ))}
        </Rows>
      )}
    </Panel>
  )
}
