import { Link } from 'wouter'
import styled from 'styled-components'
import { useT } from '../../core/i18n/useT'

const Box = styled.section`
  max-width: 560px;
  margin: 15vh auto;
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
    margin: 0 0 ${({ theme }) => theme.space.md};
  }
  p {
    color: ${({ theme }) => theme.color.textMuted};
    margin: 0 0 ${({ theme }) => theme.space.xl};
  }
  a {
    color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`

/** Unknown paths and pages the role may not open look the same: nothing leaks about what exists. */
export function NotFound() {
  const t = useT()
  return (
    <Box data-testid="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404 · {t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link href="/">{t('notFound.home')}</Link>
    </Box>
  )
}
