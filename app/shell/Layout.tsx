import type { ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../core/i18n/useT'
import { FeedbackDialog } from './FeedbackDialog'
import { Header } from './Header'
import { Sidebar } from './Sidebar'
import { SocketNotice } from './SocketNotice'
import { useSidebarOpen } from './useSidebarOpen'
import { WidgetSlot } from './WidgetSlot'

const Grid = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  grid-template-rows: auto 1fr;
  grid-template-areas: 'sidebar header' 'sidebar main';
  min-height: 100vh;
`
const Main = styled.main`
  grid-area: main;
  min-width: 0;
  width: 100%;
  max-width: ${({ theme }) => theme.size.contentMax};
  padding: ${({ theme }) => theme.space.xl};
  &:focus {
    outline: none;
  }
`
const Skip = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: ${({ theme }) => theme.space.sm};
    top: ${({ theme }) => theme.space.sm};
    z-index: ${({ theme }) => theme.z.loader};
    padding: ${({ theme }) => theme.space.sm};
    background: ${({ theme }) => theme.color.surface};
  }
`

/** The signed-in frame: sidebar, header, the page, floating widgets (call panel) and the feedback dialog. */
export default function Layout({ children }: { children: ReactNode }) {
  const t = useT('shell')
  const [open, toggle] = useSidebarOpen()
  return (
    <Grid>
      <Skip href="#main">{t('skipToContent')}</Skip>
      <Sidebar open={open} onToggle={toggle} />
      <Header />
      <Main id="main" tabIndex={-1}>
        <SocketNotice />
        {children}
      </Main>
      <WidgetSlot slot="floating" />
      <FeedbackDialog />
    </Grid>
  )
}
