import styled from 'styled-components'

/** Label / value pairs; two columns on a wide card, one under the other on a phone. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, 1fr) 2fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 560px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`
