import { useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { Alert } from '../../../core/ui/Alert'
import { Button } from '../../../core/ui/Button'
import { Dialog } from '../../../core/ui/Dialog'
import { Row } from '../../../core/ui/Stack'
import type { Failure } from '../../../core/api/envelope'
import { useMessage } from './fields'

/** A record of a list section: a heading, its details as a definition list, and its actions. */
const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`
const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`
const Title = styled.h3`
  flex: 1;
  min-width: 200px;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`
const Details = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  div {
    min-width: 0;
  }
  dt {
    font-size: ${({ theme }) => theme.font.size.xs};
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`

export function RecordCard({ title, badges, details, actions, testId }: {
  title: ReactNode
  badges?: ReactNode
  details: [string, ReactNode][]
  actions?: ReactNode
  testId?: string
}) {
  return (
    <Card data-testid={testId}>
      <Head>
        <Title>{title}</Title>
        {badges}
        {actions && <Row gap="xs">{actions}</Row>}
      </Head>
      <Details>
        {details
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </Details>
    </Card>
  )
}

/** A form open inside a list (add or edit), framed like a record. */
export const EditorFrame = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
`

/** A delete that asks first (alertdialog): the record and what hangs on it go for good. */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, testId }: {
  label: string
  question: string
  confirmLabel: string
  onConfirm: () => void
  testId?: string
}) {
  const t = useT('clients')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="ghost" onPress={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title={question}
        role="alertdialog"
        size="sm"
        footer={close => (
          <>
            <Button variant="secondary" onPress={close}>
              {t('form.cancel')}
            </Button>
            <Button
              variant="danger"
              onPress={() => {
                close()
                onConfirm()
              }}
              data-testid="confirm"
            >
              {confirmLabel}
            </Button>
          </>
        )}
      >
        <p>{t('form.cannotUndo')}</p>
      </Dialog>
    </>
  )
}

export function RemoveFailure({ failure }: { failure: Failure | undefined }) {
  const t = useT('clients')
  const message = useMessage()
  if (!failure) return null
  return (
    <Alert kind="error" title={t('form.removeFailed')}>
      {message(failure.message) ?? t('errors.generic')}
    </Alert>
  )
}

/** Which record of a list is open for editing (`new` for an added one); one at a time. */
export function useEditing() {
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  return { editing, edit: (id: number | 'new') => setEditing(id), close: () => setEditing(null) }
}
