import { useState } from 'react'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { Badge, type BadgeTone } from '../../../../core/ui/Badge'
import { Button } from '../../../../core/ui/Button'
import { Panel } from '../../../../core/ui/Card'
import { SHOW_TENDER_API, type TenderCallback, type TenderContact } from '../../contract'
import { useTenderFormats } from '../format'
import type { Loaded } from '../../../../core/react/useResource'
import { Phone, Rows } from './parts'

/** What a list panel says before its rows: loading, its failure, or that there is nothing yet. */
export function ListNote<T>({ state, empty, failed }: { state: Loaded<readonly T[]>; empty: string; failed: string }) {
  const t = useT('tenders')
  const items = state.data ?? []
  if (items.length > 0) return null
  if (state.status === 'failed') return <p role="alert">{failed}</p>
  if (state.status === 'loading') return <p role="status">{t('show.loading')}</p>
  return <p>{empty}</p>
}

const RATING_TONE: Record<number, BadgeTone> = { 0: 'neutral', 1: 'primary', 2: 'success', 3: 'warning', 4: 'error' }

/** SPEC §3 contacts of the tender with their status (the rating of the latest rated call), each phone callable. */
export function Contacts({ tenderId, state }: { tenderId: number; state: Loaded<TenderContact[]> }) {
  const t = useT('tenders')
  return (
    <Panel title={t('show.contacts.title')} data-testid="tender-contacts">
      <ListNote state={state} empty={t('show.contacts.empty')} failed={t('show.contacts.failed')} />
      <Rows>
        {(state.data ?? []).map(c => (
          <li key={c.id} data-testid="tender-contact" data-rating={c.rating}>
            <strong>{c.name}</strong> {c.title && <small>{c.title}</small>}{' '}
            <Badge tone={RATING_TONE[c.rating] ?? 'neutral'}>{t(`show.ratings.${c.rating}`, { defaultValue: String(c.rating) })}</Badge>
            <br />
            <Phone phone={c.phone} tenderId={tenderId} name={c.name} />
            {c.email && (
              <>
                {' · '}
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </>
            )}
            {c.comment && <p>{c.comment}</p>}
          </li>
        ))}
      </Rows>
    </Panel>
  )
}

/** Call-back reminders on the tender (call-center tasks of type 20): when, whose, and marking one done. */
export function Callbacks({ tenderId, state, changed }: { tenderId: number; state: Loaded<TenderCallback[]>; changed: () => void }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  const { api } = useRuntime()
  const [pending, setPending] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const done = async (task: TenderCallback) => {
    setPending(task.id)
    setError(null)
    try {
      await api.post(SHOW_TENDER_API.callbackDone(tenderId, task.id), {}, { quiet: true })
      changed()
    } catch (failure) {
      setError(asFailure(failure).message ?? t('show.callbacks.doneFailed'))
    } finally {
      setPending(null)
    }
  }
  return (
    <Panel title={t('show.callbacks.title')} data-testid="tender-callbacks">
      <ListNote state={state} empty={t('show.callbacks.empty')} failed={t('show.callbacks.failed')} />
      {error && <p role="alert">{error}</p>}
      <Rows>
        {(state.data ?? []).map(task => (
          <li key={task.id} data-testid="tender-callback" data-done={task.done}>
            <strong>
              {f.day(task.due_at)} {f.time(task.due_at)}
            </strong>{' '}
            · {task.user.name}{' '}
            {task.done ? (
              <Badge tone="success">{t('show.callbacks.done')}</Badge>
            ) : (
              <Button size="sm" isPending={pending === task.id} onPress={() => void done(task)} aria-label={t('show.callbacks.markDoneFor', { when: f.instant(task.due_at) })}>
                {t('show.callbacks.markDone')}
              </Button>
            )}
            {task.description && <p>{task.description}</p>}
          </li>
        ))}
      </Rows>
    </Panel>
  )
}
