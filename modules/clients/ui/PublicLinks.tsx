import { useUnit } from 'effector-react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Badge } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { Panel } from '../../../core/ui/Card'
import { Row, Stack } from '../../../core/ui/Stack'
import { formKey } from '../commands'
import { useState } from 'react'
import { SelectField } from '../../../core/ui/SelectField'
import { PUBLIC_LINK_DAYS, PUBLIC_LINK_DEFAULT_DAYS, type PublicLink, type PublicLinkDays, type PublicLinkKind } from '../contract'
import { $forms, $removeFailures, IDLE_FORM } from '../model'
import { useMessage } from './fields'
import { ConfirmButton, RemoveFailure } from './records'
import { SectionState } from './SectionState'
import { useSection } from './useSection'
import { useDateTime } from './view'

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`
const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
`
const Url = styled.code`
  flex: 1 1 320px;
  min-width: 0;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.sm};
`

const absolute = (link: PublicLink) => (typeof window === 'undefined' ? link.path : new URL(link.path, window.location.origin).toString())

/**
 * Read-only public links (SPEC /public-documents/{hash}, /public-financials/{hash}): the owner creates one to
 * share the documents or the financials without a session, copies it, and revokes it when it should stop working.
 * Every link works for the days chosen when it is made (30 by default); the list says until when, or that it ended.
 */
export function PublicLinks({ companyId, kind }: { companyId: number; kind: PublicLinkKind }) {
  const t = useT('clients')
  const dispatch = useDispatch()
  const message = useMessage()
  const { forms, failures } = useUnit({ forms: $forms, failures: $removeFailures })
  const publicLinks = useSection(companyId, 'publicLinks')
  const state = forms[formKey('publicLinks', null)] ?? IDLE_FORM
  const when = useDateTime()
  const [days, setDays] = useState<PublicLinkDays>(PUBLIC_LINK_DEFAULT_DAYS)

  const copy = async (link: PublicLink) => {
    try {
      await navigator.clipboard.writeText(absolute(link))
      void dispatch('toast/show', { kind: 'success', text: 'clients:links.copied' })
    } catch {
      void dispatch('toast/show', { kind: 'error', text: 'clients:links.copyFailed' })
    }
  }

  return (
    <Panel
      title={t(kind === 'documents' ? 'links.documentsTitle' : 'links.financialsTitle')}
      actions={
        <Row gap="sm" align="end" data-testid={`link-days-${kind}`}>
          <SelectField
            label={t('links.validFor')}
            value={String(days)}
            onChange={value => setDays(Number(value) as PublicLinkDays)}
            options={PUBLIC_LINK_DAYS.map(d => ({ value: String(d), label: t(`links.days${d}`) }))}
          />
          <Button size="sm" variant="primary" isPending={state.status === 'saving'} onPress={() => void dispatch('clients/createPublicLink', { companyId, kind, days })} data-testid={`link-create-${kind}`}>
            {t('links.create')}
          </Button>
        </Row>
      }
    >
      <SectionState
        state={publicLinks.state}
        failedTitle={t('loadFailed.links')}
        onRetry={publicLinks.retry}
      >
        {links => {
          const mine = links.filter(l => l.kind === kind)
          return (
            <Stack gap="sm">
              <p>{t('links.hint')}</p>
              {state.status === 'failed' && <p role="alert">{message(state.failure?.message) ?? t('errors.generic')}</p>}
              <RemoveFailure failure={failures.publicLinks} />
              {mine.length === 0 ? (
                <p>{t('links.none')}</p>
              ) : (
                <List data-testid={`links-${kind}`}>
                  {mine.map(link => (
                    <Item key={link.id}>
                      <Url>{absolute(link)}</Url>
                      {link.revoked_at ? (
                        <Badge>{t('links.revokedAt', { when: when(link.revoked_at) })}</Badge>
                      ) : link.expired ? (
                        <Badge>{t('links.expiredAt', { when: when(link.expires_at) })}</Badge>
                      ) : (
                        <Row gap="xs">
                          <Badge tone="success">{t('links.activeUntil', { when: when(link.expires_at) })}</Badge>
                          <Button size="sm" variant="ghost" onPress={() => void copy(link)}>
                            {t('links.copy')}
                          </Button>
                          <a href={link.path} target="_blank" rel="noopener noreferrer">
                            {t('links.open')}
                          </a>
                          <ConfirmButton
                            label={t('links.revoke')}
                            question={t('links.revokeQuestion')}
                            confirmLabel={t('links.revoke')}
                            onConfirm={() => void dispatch('clients/removeRecord', { companyId, section: 'publicLinks', id: link.id })}
                            testId={`link-revoke-${link.id}`}
                          />
                        </Row>
                      )}
                    </Item>
                  ))}
                </List>
              )}
            </Stack>
          )
        }}
      </SectionState>
    </Panel>
  )
}
