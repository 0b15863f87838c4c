import type { ReactNode } from 'react'
import styled from 'styled-components'
import { PageHeader } from '../PageHeader'
import { ListTabs } from './ListTabs'
import { SearchField, type SearchFieldProps } from './SearchField'
import { TabCount } from './TabCount'

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`
/** The frame's gap spaces the header from the tabs; its own bottom margin would double it. */
const Header = styled(PageHeader)`
  margin-bottom: 0;
`
const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`
const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`
export interface ListTab<K extends string> {
  id: K
  label: ReactNode
  /** Rows under this tab, when the server says; nothing is shown for an unknown count. */
  count?: number | null
  /** The count is the server's estimate: shown "≈ N", read "about N". */
  countAbout?: boolean
  'data-testid'?: string
}

export interface ListTabsProps<K extends string> {
  /** Names the tab list for screen readers: "Показать". */
  label: string
  items: readonly ListTab<K>[]
  selected: K
  onChange: (id: K) => void
}

export interface ListPageProps<K extends string = string> {
  title: ReactNode
  description?: ReactNode
  /** Page buttons at the right of the title (add, export). */
  actions?: ReactNode
  /** Views of the list (all / unread / read) with their counts; the rest of the page is their panel. */
  tabs?: ListTabsProps<K>
  /** The search box; see SearchField. */
  search?: SearchFieldProps
  /** More controls beside the search (a kind filter, a date range). */
  filters?: ReactNode
  /** The list itself: usually a ListState around a DataTable and a pager. */
  children: ReactNode
  'data-testid'?: string
}

/**
 * A list screen's frame: the title (h1) with a description and actions, tabs with counts, then the search and
 * filters above the list. Lazy pages only.
 */
export function ListPage<K extends string = string>({ title, description, actions, tabs, search, filters, children, 'data-testid': testId }: ListPageProps<K>) {
  const body = (
    <Body>
      {(search || filters) && (
        <Toolbar>
          {search && <SearchField {...search} />}
          {filters}
        </Toolbar>
      )}
      {children}
    </Body>
  )
  return (
    <Root data-testid={testId}>
      <Header title={title} description={description} actions={actions} />
      {tabs ? (
        <ListTabs
          label={tabs.label}
          selected={tabs.selected}
          onChange={tabs.onChange}
          items={tabs.items.map(tab => ({
            id: tab.id,
            'data-testid': tab['data-testid'],
            label: (
              <>
                {tab.label}
                {tab.count != null && <TabCount count={tab.count} about={tab.countAbout} />}
              </>
            ),
          }))}
        >
          {body}
        </ListTabs>
      ) : (
        body
      )}
    </Root>
  )
}
