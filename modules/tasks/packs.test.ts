import { describe, expect, it } from 'vitest'
import { workflowLabelKeys } from '../../core/workflow'
import en from './i18n/en.json'
import ru from './i18n/ru.json'
import serverEn from './server/i18n/en.json'
import serverRu from './server/i18n/ru.json'
import { taskWorkflow } from './workflow'

const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix]

/** What the server answers with or renders: form messages, the workflow's labels, the notification's variants. */
const SERVER_KEYS = [
  ...['time', 'dateToBeforeFrom', 'dateMax', 'emailWithoutReminder', 'dateBeforeToday', 'responsible'].map(k => `tasks:validation.${k}`),
  ...workflowLabelKeys(taskWorkflow),
  ...['title', 'title_assigned', 'title_reminder', 'title_done', 'text', 'text_assigned', 'text_reminder_zero', 'text_reminder_one', 'text_reminder_other', 'text_done'].map(k => `tasks:notifications.task.${k}`),
]

describe('tasks packs', () => {
  it('hold every key the server uses, in ru and en', () => {
    // As the server reads them: the pack and the texts only it renders (server/http/i18n.ts modulePack).
    for (const pack of [{ ...ru, ...serverRu }, { ...en, ...serverEn }]) {
      const have = new Set(keys(pack).map(k => `tasks:${k}`))
      expect(SERVER_KEYS.filter(k => !have.has(k))).toEqual([])
    }
  })
})
