import styled from 'styled-components'

/** A cell's second line under its value, smaller and muted: a tender's customer, a winner's inn, whom a call reached. */
export const Second = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`
