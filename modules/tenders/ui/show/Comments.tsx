import { useState } from 'react'
import * as v from 'valibot'
import { asFailure } from '../../../../core/api/client'
import { useT } from '../../../../core/i18n/useT'
import { useRuntime } from '../../../../core/react/runtime'
import { issuesToValidationMap } from '../../../../core/validation'
import { Button } from '../../../../core/ui/Button'
import { Panel } from '../../../../core/ui/Card'
import { TextArea } from '../../../../core/ui/TextArea'
import { tenderCommentForm } from '../../comment-form'
import { SHOW_TENDER_API, type TenderComment } from '../../contract'
import { ListNote } from './Activity'
import { useTenderFormats } from '../format'
import type { Loaded } from '../../../../core/react/useResource'
import { Rows } from './parts'

/** The tender's comments, newest first, and the form to add one (the server's schema, checked here first). */
export function Comments({ tenderId, state, changed }: { tenderId: number; state: Loaded<TenderComment[]>; changed: () => void }) {
  const t = useT('tenders')
  const f = useTenderFormats()
  const { api } = useRuntime()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = v.safeParse(tenderCommentForm, { text })
    if (!parsed.success) return setError(t(issuesToValidationMap(parsed.issues).text ?? 'validation:required'))
    setSaving(true)
    setError(null)
    try {
      await api.post<TenderComment>(SHOW_TENDER_API.comments(tenderId), parsed.output, { quiet: true })
      setText('')
      changed()
    } catch (failure) {
      const fail = asFailure(failure)
      setError(fail.validation?.text ?? fail.message ?? t('show.comments.failed'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Panel title={t('show.comments.title')} data-testid="tender-comments">
      <form onSubmit={e => void submit(e)} noValidate data-testid="tender-comment-form">
        <TextArea label={t('show.comments.label')} value={text} onChange={setText} rows={3} errorMessage={error} isRequired />
        <p>
          <Button type="submit" variant="primary" isPending={saving}>
            {t('show.comments.add')}
          </Button>
        </p>
      </form>
      <ListNote state={state} empty={t('show.comments.empty')} failed={t('show.comments.loadFailed')} />
      <Rows>
        {(state.data ?? []).map(c => (
          <li key={c.id} data-testid="tender-comment">
            <small>
              {f.instant(c.created_at)} · {c.user?.name ?? t('show.history.system')}
            </small>
            <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{c.text}</p>
          </li>
        ))}
      </Rows>
    </Panel>
  )
}
