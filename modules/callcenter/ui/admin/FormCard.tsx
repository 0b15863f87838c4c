import styled from 'styled-components'
import { Card } from '../../../../core/ui/Card'

/** A form's card: one readable column. */
export const FormCard = styled(Card)`
  max-width: 560px;
`
