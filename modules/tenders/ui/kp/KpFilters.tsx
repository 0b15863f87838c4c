import styled from 'styled-components'
import { useT } from '../../../../core/i18n/useT'
import { DateFilter } from '../DateFilter'
import type { KpQuery } from './loads'

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  @media ${({ theme }) => theme.media.phone} {
    & > * {
      flex: 1 1 40%;
    }
  }
`

/** The sending date range of /tenders-kp (in the URL, like the state and the search). */
export function KpFilters({ value, onChange }: { value: KpQuery; onChange: (patch: Partial<KpQuery>) => void }) {
  const t = useT('tenders')
  return (
    <Row data-testid="kp-filters">
      <DateFilter label={t('kp.list.dateFrom')} value={value.date_from} max={value.date_to} onChange={date_from => onChange({ date_from })} />
      <DateFilter label={t('kp.list.dateTo')} value={value.date_to} min={value.date_from} onChange={date_to => onChange({ date_to })} />
    </Row>
  )
}
