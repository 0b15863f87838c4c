import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { $profile } from '../../../core/auth/model'
import { useT } from '../../../core/i18n/useT'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { VisuallyHidden } from '../../../core/ui/VisuallyHidden'
import { BID_STATUSES, HELP_GROUPS, HELP_STEPS, PATH_STEPS, REQUEST_STATUSES, helpGroupOf, type HelpGroup } from './help'

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  & > h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  & p,
  & ol {
    margin: 0;
  }
  & ol {
    padding-inline-start: 1.4em;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
`

const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`

const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  min-width: 560px;
  & th,
  & td {
    text-align: start;
    vertical-align: top;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  }
  & thead th {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`

const Details = styled.details`
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  & > summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & > ol {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`

function Steps({ group }: { group: HelpGroup }) {
  const t = useT('partners')
  return (
    <ol>
      {Array.from({ length: HELP_STEPS[group] }, (_, i) => (
        <li key={i}>{t(`help.groups.${group}.steps.s${i + 1}`)}</li>
      ))}
    </ol>
  )
}

function StatusTable({ scheme, codes, caption }: { scheme: 'bidStatus' | 'requestStatus'; codes: readonly number[]; caption: string }) {
  const t = useT('partners')
  return (
    <Scroll tabIndex={0} role="region" aria-label={caption}>
      <Table data-testid={`help-${scheme}`}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('help.columns.code')}</th>
            <th scope="col">{t('help.columns.status')}</th>
            <th scope="col">{t('help.columns.meaning')}</th>
            <th scope="col">{t('help.columns.who')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map(code => (
            <tr key={code}>
              <td>{code}</td>
              <th scope="row">{t(`help.${scheme}.${code}.name`)}</th>
              <td>{t(`help.${scheme}.${code}.meaning`)}</td>
              <td>{t(`help.${scheme}.${code}.who`)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  )
}

/** /help (every signed-in user): how a bid moves and who does what, the reader's own part first. */
export default function HelpPage() {
  const t = useT('partners')
  const profile = useUnit($profile)
  const mine = helpGroupOf(profile?.role)
  return (
    <Stack gap="lg" data-testid="help-page">
      <PageHeader title={t('help.title')} description={t('help.intro')} />
      <Section aria-labelledby="help-mine" data-testid="help-mine">
        <h2 id="help-mine">
          {t('help.yourPart')}: {t(`help.groups.${mine}.title`)}
        </h2>
        <Steps group={mine} />
      </Section>
      <Section aria-labelledby="help-path">
        <h2 id="help-path">{t('help.pathTitle')}</h2>
        <ol>
          {Array.from({ length: PATH_STEPS }, (_, i) => (
            <li key={i}>{t(`help.path.s${i + 1}`)}</li>
          ))}
        </ol>
      </Section>
      <Section aria-labelledby="help-bid">
        <h2 id="help-bid">{t('help.bidStatusesTitle')}</h2>
        <p>{t('help.bidStatusesIntro')}</p>
        <StatusTable scheme="bidStatus" codes={BID_STATUSES} caption={t('help.bidStatusesTitle')} />
        <p>{t('help.legacyBid')}</p>
      </Section>
      <Section aria-labelledby="help-request">
        <h2 id="help-request">{t('help.requestStatusesTitle')}</h2>
        <p>{t('help.requestStatusesIntro')}</p>
        <StatusTable scheme="requestStatus" codes={REQUEST_STATUSES} caption={t('help.requestStatusesTitle')} />
        <p>{t('help.legacyRequest')}</p>
      </Section>
      <Section aria-labelledby="help-others">
        <h2 id="help-others">{t('help.otherRoles')}</h2>
        {HELP_GROUPS.filter(g => g !== mine).map(g => (
          <Details key={g}>
            <summary>{t(`help.groups.${g}.title`)}</summary>
            <Steps group={g} />
          </Details>
        ))}
      </Section>
    </Stack>
  )
}
