import type { ReactNode } from 'react'
import styled from 'styled-components'
import { LocaleSwitch } from '../../../../core/i18n/LocaleSwitch'

const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.color.bg};
`
const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  }
`
const Main = styled.main`
  width: min(880px, calc(100vw - 24px));
  margin: 0 auto ${({ theme }) => theme.space.xxl};
  padding: ${({ theme }) => theme.space.xl};
  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space.md};
  }
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.xxl};
    overflow-wrap: anywhere;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`

/** The bare frame of the bid's public pages (/sign/{hash}, /live): a language switch and one card. */
export function PublicFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Page>
      <Top>
        <LocaleSwitch />
      </Top>
      <Main data-testid={testId}>{children}</Main>
    </Page>
  )
}
