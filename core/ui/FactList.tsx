import styled from 'styled-components'

/**
 * A record's facts as `<dt>label</dt><dd>value</dd>` pairs: labels in a column of their own, values wrapping
 * anywhere; on a phone each label stands above its value.
 */
export const FactList = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    dd + dt {
      margin-top: ${({ theme }) => theme.space.xs};
    }
  }
`
