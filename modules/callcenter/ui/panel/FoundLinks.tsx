import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { Link } from 'wouter'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import type { LinksState } from '../../model'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
`
const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`
const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`

/**
 * Clients and earlier calls found for the number (POST v1/call-center/search-links-by-phone), linking to them.
 * The paths are the clients' and tenders' modules' public routes.
 */
const SHOWN = 5

const More = styled.button`
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`

function MaybeLink({ href, children }: { href: string | null; children: ReactNode }) {
  return href ? <Link href={href}>{children}</Link> : <span>{children}</span>
}

export function FoundLinks({ links, locale }: { links: LinksState; locale: string }) {
  const t = useT('callcenter')
  const [all, setAll] = useState(false)
  // Client and tender pages belong to other modules: their paths come by name, or no link when not installed.
  const { registry } = useRuntime()
  if (links.status === 'idle') return null
  const calls = all ? links.calls : links.calls.slice(0, SHOWN)
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : 'ru-RU')
  return (
    <Section aria-label={t('links.title')} aria-busy={links.status === 'loading'} data-testid="found-links">
      {links.status === 'loading' && <Muted role="status">{t('links.loading')}</Muted>}
      {links.status === 'failed' && <Muted role="status">{t('links.failed')}</Muted>}
      {links.status === 'ready' && links.clients.length === 0 && links.calls.length === 0 && <Muted role="status">{t('links.none')}</Muted>}
      {links.clients.length > 0 && (
        <>
          <Title>{t('links.clients')}</Title>
          <List>
            {links.clients.map(c => (
              <li key={c.id}>
                <MaybeLink href={registry.link('clients/company', { id: c.agentClient?.id ?? c.id })}>
                  {c.organization_short_name ?? c.contact_person_full_name ?? `#${c.id}`}
                </MaybeLink>
                {c.inn && <Muted> · {t('links.inn', { inn: c.inn })}</Muted>}
                {c.contact_person_full_name && c.organization_short_name && <Muted> · {c.contact_person_full_name}</Muted>}
              </li>
            ))}
          </List>
        </>
      )}
      {links.calls.length > 0 && (
        <>
          <Title>{t('links.calls')}</Title>
          <List>
            {calls.map(call => {
              const label = `${date(call.created_at)} · ${t(call.direction === 2 ? 'links.outgoing' : 'links.incoming')} · ${call.user.full_name}`
              return (
                <li key={call.id}>
                  <MaybeLink href={call.tender ? registry.link('tenders/tender', { id: call.tender.id }) : null}>{label}</MaybeLink>
                  {call.outcome !== null && <Muted> · {t(`outcome.${call.outcome}`, { defaultValue: String(call.outcome) })}</Muted>}
                  {call.tender?.notification_number && (
                    <Muted data-testid="found-call-tender">
                      {' · '}
                      {t('links.tender', { number: call.tender.notification_number, name: call.tender.name ?? '' })}
                    </Muted>
                  )}
                </li>
              )
            })}
          </List>
          {links.calls.length > SHOWN && (
            <More type="button" aria-expanded={all} onClick={() => setAll(a => !a)}>
              {all ? t('links.fewer') : t('links.more', { count: links.calls.length - SHOWN })}
            </More>
          )}
        </>
      )}
    </Section>
  )
}
