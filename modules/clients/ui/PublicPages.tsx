import { useUnit } from 'effector-react'
import { useEffect, type ReactNode } from 'react'
import styled from 'styled-components'
import type { PageProps } from '../../../core/plugin/types'
import { useT } from '../../../core/i18n/useT'
import { useDispatch } from '../../../core/react/runtime'
import { Panel } from '../../../core/ui/Card'
import { EmptyState } from '../../../core/ui/EmptyState'
import { PageHeader } from '../../../core/ui/PageHeader'
import { Stack } from '../../../core/ui/Stack'
import { clientsApi, PUBLIC_LINK_EXPIRED_CODE, type PublicCompany, type PublicDocumentsView, type PublicFinancialsView } from '../contract'
import { publicView, type PublicKind } from '../remotes'
import { shownFor } from './shown'
import { DataTable, FinancialsTable, TableScroll } from './tables'
import { Loaded } from './states'
import { formatBytes, formatDate } from './view'

/** The public files are plain links (no session, no script): the API client's base, as the app configures it (core/runtime). */
const API_BASE = '/api/'

const Page = styled.main`
  max-width: ${({ theme }) => theme.size.contentMax};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl};
`

function usePublic(kind: PublicKind, hash: string) {
  const dispatch = useDispatch()
  const state = useUnit(publicView.$state)
  useEffect(() => {
    void dispatch('clients/loadPublic', { kind, hash })
  }, [dispatch, kind, hash])
  return {
    state: shownFor(state, q => q.kind === kind && q.hash === hash),
    retry: () => void dispatch('clients/loadPublic', { kind, hash }),
  }
}

function Frame({ company, title, children }: { company: PublicCompany; title: string; children: ReactNode }) {
  const t = useT('clients')
  const ids = [
    company.inn ? t('company.innShort', { inn: company.inn }) : null,
    company.ogrn ? t('company.ogrnShort', { ogrn: company.ogrn }) : null,
    company.kpp ? t('company.kppShort', { kpp: company.kpp }) : null,
  ].filter(Boolean)
  return (
    <Stack gap="lg">
      <PageHeader title={company.short_name || company.full_name || title} description={[title, ...ids].join(' · ')} />
      {company.full_name && company.full_name !== company.short_name && <p>{company.full_name}</p>}
      {children}
    </Stack>
  )
}

/** /public-documents/{hash}: the documents and licences the owner shared, read-only, no session. */
export function PublicDocumentsPage({ params }: PageProps) {
  const t = useT('clients')
  const hash = params.hash ?? ''
  const { state, retry } = usePublic('documents', hash)
  const fileUrl = (id: number) => API_BASE + clientsApi.publicDocumentFile(hash, id)
  return (
    <Page data-testid="public-documents">
      <Loaded state={state} failedTitle={t(state.failure?.code === PUBLIC_LINK_EXPIRED_CODE ? 'public.expired' : 'public.unavailable')} onRetry={retry}>
        {data => {
          const view = data as PublicDocumentsView
          return (
            <Frame company={view.company} title={t('pages.publicDocuments')}>
              <Panel title={t('documents.title')}>
                {view.documents.length === 0 ? (
                  <EmptyState title={t('documents.none')} />
                ) : (
                  <TableScroll>
                    <DataTable>
                      <thead>
                        <tr>
                          <th scope="col">{t('documents.kind')}</th>
                          <th scope="col">{t('documents.name')}</th>
                          <th scope="col">{t('documents.file')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {view.documents.map(d => (
                          <tr key={d.id}>
                            <td>{t(`catalogue.documentKind.${d.kind}`)}</td>
                            <td>{d.name}</td>
                            <td>
                              <a href={fileUrl(d.file.id)} download={d.file.name}>
                                {d.file.name}
                              </a>{' '}
                              · {formatBytes(d.file.size)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </DataTable>
                  </TableScroll>
                )}
              </Panel>
              <Panel title={t('licences.title')}>
                {view.licences.length === 0 ? (
                  <EmptyState title={t('licences.none')} />
                ) : (
                  <Stack gap="md">
                    {view.licences.map(l => (
                      <article key={l.id}>
                        <h3>{l.kind}</h3>
                        <p>
                          {t('licences.number')}: {l.number} · {t('licences.issuer')}: {l.issuer} · {formatDate(l.issue_date)}
                          {l.end_date ? ` — ${formatDate(l.end_date)}` : ` · ${t('licences.indefinite')}`}
                        </p>
                        {l.activities.length > 0 && <p>{l.activities.join('; ')}</p>}
                        {l.file && (
                          <a href={fileUrl(l.file.id)} download={l.file.name}>
                            {l.file.name}
                          </a>
                        )}
                      </article>
                    ))}
                  </Stack>
                )}
              </Panel>
            </Frame>
          )
        }}
      </Loaded>
    </Page>
  )
}

/** /public-financials/{hash}: the financial indicators the owner shared, read-only, no session. */
export function PublicFinancialsPage({ params }: PageProps) {
  const t = useT('clients')
  const hash = params.hash ?? ''
  const { state, retry } = usePublic('financials', hash)
  return (
    <Page data-testid="public-financials">
      <Loaded state={state} failedTitle={t(state.failure?.code === PUBLIC_LINK_EXPIRED_CODE ? 'public.expired' : 'public.unavailable')} onRetry={retry}>
        {data => {
          const view = data as PublicFinancialsView
          return (
            <Frame company={view.company} title={t('pages.publicFinancials')}>
              <Panel title={t('tabs.financials')}>
                <p>{t('financials.units')}</p>
                {view.financials.length === 0 ? <EmptyState title={t('financials.none')} /> : <FinancialsTable periods={view.financials} />}
              </Panel>
            </Frame>
          )
        }}
      </Loaded>
    </Page>
  )
}
