import { useEffect, useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { useLocation } from 'wouter'
import { useT } from '../../core/i18n/useT'
import { AriaLocale } from '../../core/ui/AriaLocale'
import { media } from '../../core/ui/theme'
import { useMedia } from '../../core/ui/useMedia'
import { FeedbackDialogSlot } from './FeedbackDialogSlot'
import { Header } from './Header'
import { DrawerBackdrop, Sidebar } from './Sidebar'
import { SocketNotice } from './SocketNotice'
import { useSidebarOpen } from './useSidebarOpen'
import { WidgetSlot } from './WidgetSlot'

const Grid = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  grid-template-areas: 'sidebar header' 'sidebar main';
  min-height: 100vh;

  @media ${({ theme }) => theme.media.compact} {
    /* The sidebar is a drawer over the page: the page takes the whole width. */
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'header' 'main';
  }
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
  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
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
/** Holds the floating widgets so an open drawer can make them inert with the rest of the page. */
const Floating = styled.div`
  display: contents;
`

/** The signed-in frame: sidebar (beside the page, or a drawer on a narrow screen), header, the page, floating widgets (call panel) and the feedback dialog. */
export default function Layout({ children }: { children: ReactNode }) {
  const t = useT('shell')
  const [open, toggle] = useSidebarOpen()
  const compact = useMedia(media.compact)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const [location] = useLocation()
  const drawer = compact && drawerOpen

  // Navigating (a link in the drawer, Back) closes the drawer; so does growing past the tablet width.
  useEffect(() => setDrawerOpen(false), [location, compact])

  return (
    <AriaLocale>
      <Grid>
        <Skip href="#main" inert={drawer}>
          {t('skipToContent')}
        </Skip>
        {compact ? (
          <>
            <Sidebar mode="drawer" open={drawerOpen} onClose={() => setDrawerOpen(false)} returnFocus={menuButton} />
            {drawer && <DrawerBackdrop data-testid="drawer-backdrop" onClick={() => setDrawerOpen(false)} />}
          </>
        ) : (
          <Sidebar mode="rail" open={open} onToggle={toggle} />
        )}
        <Header inert={drawer} menu={compact ? { open: drawerOpen, onToggle: () => setDrawerOpen(was => !was), ref: menuButton } : null} />
        <Main id="main" tabIndex={-1} inert={drawer}>
          <SocketNotice />
          {children}
        </Main>
        <Floating inert={drawer}>
          <WidgetSlot slot="floating" />
        </Floating>
        <FeedbackDialogSlot />
      </Grid>
    </AriaLocale>
  )
}
