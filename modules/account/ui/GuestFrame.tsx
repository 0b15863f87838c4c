import type { ReactNode } from 'react'
import styled from 'styled-components'
import { BUILD } from '../../../core/build'
import { LocaleSwitch } from '../../../core/i18n/LocaleSwitch'
import { useT } from '../../../core/i18n/useT'

const Page = styled.div`
  min-height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr auto;
  background: ${({ theme }) => theme.color.bg};
`
const Top = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
`
const Card = styled.main<{ $wide: boolean }>`
  align-self: center;
  justify-self: center;
  width: min(${({ $wide }) => ($wide ? 760 : 440)}px, calc(100vw - 32px));
  padding: ${({ theme }) => theme.space.xxl};
  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space.lg};
  }
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
  > p {
    margin: 0 0 ${({ theme }) => theme.space.xl};
    color: ${({ theme }) => theme.color.textMuted};
  }
`
const Footer = styled.footer`
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`

/** Login, register and the documents they link (`wide`, for reading): a centred card, the language switch, and the build's version and date below. */
export function GuestFrame({ title, subtitle, wide = false, children }: { title: string; subtitle?: string; wide?: boolean; children: ReactNode }) {
  const t = useT('account')
  const date = new Date(`${BUILD.date}T00:00:00`)
  const shownDate = Number.isNaN(date.getTime()) ? BUILD.date : date.toLocaleDateString(t('footer.dateLocale'), { day: 'numeric', month: 'long', year: 'numeric' })
  return (
    <Page>
      <Top>
        <LocaleSwitch />
      </Top>
      <Card $wide={wide}>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
        {children}
      </Card>
      <Footer data-testid="version">{t('footer.version', { version: BUILD.version, date: shownDate })}</Footer>
    </Page>
  )
}
