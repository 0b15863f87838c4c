import type { ReactNode } from 'react'
import styled from 'styled-components'
import { LocaleSwitch } from '../../../../core/i18n/LocaleSwitch'

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr;
  background: ${({ theme }) => theme.color.bg};
`
const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
`
const Main = styled.main`
  justify-self: center;
  width: min(760px, calc(100vw - 32px));
  margin-bottom: ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xxl};
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  overflow-wrap: anywhere;
  @media ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space.lg};
  }
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`

/** /cabinet's bare page: the language switch and one card (no shell: the visitor may have no account yet). */
export function CabinetFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <Top>
        <LocaleSwitch />
      </Top>
      <Main data-testid="cabinet-page">
        <h1>{title}</h1>
        {children}
      </Main>
    </Page>
  )
}
