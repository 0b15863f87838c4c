import { useEffect, useMemo, useState } from 'react'
import styled from 'styled-components'
import type { Failure } from '../../../../core/api/envelope'
import { useT } from '../../../../core/i18n/useT'
import { Alert } from '../../../../core/ui/Alert'
import { Button } from '../../../../core/ui/Button'
import { Dialog } from '../../../../core/ui/Dialog'
import { MaskedField } from '../../../../core/ui/MaskedField'
import { Row, Stack } from '../../../../core/ui/Stack'
import { Switch } from '../../../../core/ui/Switch'
import { TextArea } from '../../../../core/ui/TextArea'
import { VisuallyHidden } from '../../../../core/ui/VisuallyHidden'
import {
  CALL_OUTCOMES,
  CALL_RATINGS,
  DEFAULT_REMINDER_TIME,
  OUTCOMES_WITHOUT_COMMENT,
  OUTCOMES_WITHOUT_REMINDER,
  REMINDER_DATE_MAX,
  REMINDER_TIME_MASK,
  callEndForm,
  defaultReminderDate,
  type CallOutcome,
  type CallRating,
} from '../../contract'
import { formatTimer, type FinishForm } from '../../model'
import { DateField } from '../../../../core/ui/DateField'
import { NO_NATIVE_VALIDATION, check, fieldError, formError } from '../fields/errors'
import { RadioGroup } from '../fields/RadioGroup'
import { displayNumber } from './format'

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
`
const Reminder = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  &:disabled {
    opacity: 0.7;
  }
  > legend {
    padding: 0 ${({ theme }) => theme.space.xs};
  }
`
const Wide = styled.div`
  grid-column: 1 / -1;
`

const FIELDS = ['status', 'comment', 'is_reminder', 'reminder_date', 'reminder_time', 'call_rating', 'email_notification'] as const

export interface FinishCallDialogProps {
  isOpen: boolean
  /** Digits of the number the call was with. */
  phone: string
  seconds: number
  /** The browser's calendar date, `yyyy-mm-dd` (the reminder's minimum; tomorrow is its default). */
  today: string
  /** The notes typed in the panel during the call. */
  initialComment?: string
  saving: boolean
  /** What the server refused (its validation map is shown under the fields). */
  failure: Failure | null
  onSubmit: (form: FinishForm) => void
  /**
   * Whether the call connected (was accepted). Only then an outcome is asked for and the dialog cannot be dismissed;
   * a call that never connected (busy, not found, no answer…) is already recorded with status 50 and its cause, so
   * its dialog may close without an outcome (`onDismiss`) — or still take one (a call-back reminder for a busy line).
   */
  connected?: boolean
  /** Why a call that never connected failed, in words. */
  failureText?: string | null
  onDismiss?: () => void
}

/**
 * The finish-call dialog (SPEC §4, §5, §7). For a call that connected it cannot be dismissed: the outcome of a
 * conversation is never lost. For one that never connected it says why and may close without an outcome.
 * - outcome required (101…105, 1, 2); rating 4, 3, 0, 1, 2 (default 0);
 * - comment required unless the outcome is 101 — submit stays disabled while it is blank;
 * - a reminder only when the outcome is neither 101 nor 102: date `##.##.####` from today to 2100-01-01
 *   (default tomorrow, calendar weeks from Monday), time `##:##` (default 15:00);
 * - the e-mail reminder switch only while the reminder is on.
 * The same contract schema as the server's (callEndForm) checks it before it goes.
 */
export function FinishCallDialog({
  isOpen,
  phone,
  seconds,
  today,
  initialComment = '',
  saving,
  failure,
  onSubmit,
  connected = true,
  failureText = null,
  onDismiss,
}: FinishCallDialogProps) {
  const t = useT('callcenter')
  const [status, setStatus] = useState<CallOutcome | null>(null)
  const [rating, setRating] = useState<CallRating>(0)
  const [comment, setComment] = useState(initialComment)
  const [isReminder, setReminder] = useState(false)
  const [date, setDate] = useState(() => defaultReminderDate(today))
  const [time, setTime] = useState(DEFAULT_REMINDER_TIME)
  const [email, setEmail] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})

  // A fresh dialog for every call.
  useEffect(() => {
    if (!isOpen) return
    setStatus(null)
    setRating(0)
    setComment(initialComment)
    setReminder(false)
    setDate(defaultReminderDate(today))
    setTime(DEFAULT_REMINDER_TIME)
    setEmail(false)
    setErrors({})
    // initialComment is read when the dialog opens only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, today])

  const reminderAllowed = status !== null && !OUTCOMES_WITHOUT_REMINDER.includes(status)
  const commentRequired = status === null || !OUTCOMES_WITHOUT_COMMENT.includes(status)
  const blocked = commentRequired && comment.trim() === ''

  const chooseOutcome = (value: string) => {
    const next = Number(value) as CallOutcome
    setStatus(next)
    if (OUTCOMES_WITHOUT_REMINDER.includes(next)) {
      setReminder(false)
      setEmail(false)
    }
    setErrors(({ status: _, ...rest }) => rest)
  }
  const toggleReminder = (on: boolean) => {
    setReminder(on)
    if (!on) setEmail(false)
  }

  const schema = useMemo(() => callEndForm(today), [today])
  const submit = () => {
    const form: FinishForm = {
      status: status as CallOutcome,
      comment: comment.trim(),
      is_reminder: reminderAllowed && isReminder,
      reminder_date: reminderAllowed && isReminder ? date : '',
      reminder_time: reminderAllowed && isReminder ? time : '',
      call_rating: rating,
      email_notification: reminderAllowed && isReminder && email,
    }
    const result = check(schema, form)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    onSubmit(form)
  }

  const error = (field: string) => fieldError(t, field, errors, failure)
  const general = formError(failure, FIELDS)

  return (
    <Dialog
      isOpen={isOpen}
      isDismissable={!connected && !saving}
      isKeyboardDismissDisabled={connected || saving}
      onOpenChange={open => {
        if (!open && !connected) onDismiss?.()
      }}
      size="md"
      title={t('finish.title')}
      footer={
        <>
          {!connected && (
            <Button isDisabled={saving} onPress={() => onDismiss?.()} data-testid="finish-dismiss">
              {t('finish.close')}
            </Button>
          )}
          <Button variant="primary" isDisabled={blocked} isPending={saving} onPress={submit} data-testid="finish-submit">
            {t('finish.submit')}
          </Button>
        </>
      }
    >
      <Stack gap="lg" as="form" {...NO_NATIVE_VALIDATION} data-testid="finish-dialog" onSubmit={e => e.preventDefault()}>
        <Summary>{t('finish.summary', { phone: displayNumber(phone), time: formatTimer(seconds) })}</Summary>
        {!connected && (
          <Alert kind="warning" role="status" title={failureText ?? undefined}>
            <span data-testid="finish-not-connected">{t('finish.notConnected')}</span>
          </Alert>
        )}
        {general && <Alert kind="error">{general}</Alert>}
        <RadioGroup
          label={t('finish.outcome')}
          name="status"
          isRequired
          columns={2}
          value={status === null ? null : String(status)}
          onChange={chooseOutcome}
          options={CALL_OUTCOMES.map(value => ({ value: String(value), label: t(`outcome.${value}`) }))}
          errorMessage={error('status')}
        />
        <RadioGroup
          label={t('finish.rating')}
          name="call_rating"
          columns={3}
          value={String(rating)}
          onChange={value => setRating(Number(value) as CallRating)}
          options={CALL_RATINGS.map(value => ({ value: String(value), label: t(`rating.${value}`) }))}
          errorMessage={error('call_rating')}
        />
        <TextArea
          label={t('finish.comment')}
          name="comment"
          rows={3}
          value={comment}
          onChange={value => {
            setComment(value)
            setErrors(({ comment: _, ...rest }) => rest)
          }}
          isRequired={commentRequired}
          description={commentRequired ? t('finish.commentRequired') : t('finish.commentOptional')}
          errorMessage={error('comment')}
        />
        <Stack gap="sm">
          <Switch isSelected={reminderAllowed && isReminder} onChange={toggleReminder} isDisabled={!reminderAllowed} name="is_reminder">
            {t('finish.reminder')}
          </Switch>
          {!reminderAllowed && <Summary>{t(status === null ? 'finish.reminderNeedsOutcome' : 'finish.reminderNotForOutcome')}</Summary>}
          {error('is_reminder') && <Alert kind="error">{error('is_reminder')}</Alert>}
        </Stack>
        {reminderAllowed && isReminder && (
          <Reminder>
            <VisuallyHidden as="legend">{t('finish.reminderWhen')}</VisuallyHidden>
            <DateField
              label={t('finish.reminderDate')}
              name="reminder_date"
              value={date}
              onChange={setDate}
              min={today}
              max={REMINDER_DATE_MAX}
              isRequired
              description={t('finish.reminderDateHint')}
              errorMessage={error('reminder_date')}
              calendarLabel={t('finish.calendar')}
              previousLabel={t('finish.previousMonth')}
              nextLabel={t('finish.nextMonth')}
            />
            <MaskedField
              label={t('finish.reminderTime')}
              name="reminder_time"
              mask={REMINDER_TIME_MASK}
              placeholder="чч:мм"
              inputMode="numeric"
              value={time}
              onChange={setTime}
              isRequired
              errorMessage={error('reminder_time')}
            />
            <Wide>
              <Row>
                <Switch isSelected={email} onChange={setEmail} isDisabled={!isReminder} name="email_notification">
                  {t('finish.emailReminder')}
                </Switch>
              </Row>
            </Wide>
          </Reminder>
        )}
        {!(reminderAllowed && isReminder) && (
          <Switch isSelected={false} isDisabled name="email_notification">
            {t('finish.emailReminder')}
          </Switch>
        )}
      </Stack>
    </Dialog>
  )
}
