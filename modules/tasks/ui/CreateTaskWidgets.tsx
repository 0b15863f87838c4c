import { useState } from 'react'
import { useT } from '../../../core/i18n/useT'
import { Button } from '../../../core/ui/Button'
import type { TaskLink } from '../contract'
import { TaskFormDialog } from './TaskFormDialog'

/** "Create task" on another module's record page: the form opens with the record linked and a name suggested. */
export function CreateTaskButton({ link }: { link: TaskLink }) {
  const t = useT('tasks')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onPress={() => setOpen(true)} data-testid={`create-task-${link.kind}`}>
        {t('createTask')}
      </Button>
      {open && <TaskFormDialog link={link} suggestedName={t(`form.suggest.${link.kind}`, { id: link.id })} onClose={() => setOpen(false)} onSaved={() => setOpen(false)} />}
    </>
  )
}

/** The clients module's `clients/pageActions` slot (the company card). */
export const ClientTaskButton = ({ companyId }: { companyId: number }) => <CreateTaskButton link={{ kind: 'client', id: companyId }} />
/** The tenders module's `tenders/showActions` slot (ShowTender's header). */
export const TenderTaskButton = ({ tender }: { tender: { id: number } }) => <CreateTaskButton link={{ kind: 'tender', id: tender.id }} />
/** The bids module's `bids/pageActions` slot (the bid's header). */
export const BidTaskButton = ({ bidId }: { bidId: number }) => <CreateTaskButton link={{ kind: 'bid', id: bidId }} />
