import { act } from '@testing-library/react'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import clients from '../../clients/index'
import ru from '../i18n/ru.json'
import tasks from '../index'
import type { TaskItem } from '../contract'

/** A signed-in runtime with the tasks plugin (and the clients one, for its route link) on a virtual clock at 1970-01-01. */
export function tasksKit(path: string, answer: (req: SentRequest) => unknown, role: Role = 40 as Role) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'tasks', ru, true, true)
  const kit = listTestRuntime({ plugins: [tasks, clients], path, answer, i18n })
  const profile: Profile = {
    id: 1,
    name: 'Я',
    full_name: 'Иван Петров',
    phone: '77001000030',
    email: null,
    role,
    office_id: 1,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  } as Profile
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  const toasts: string[] = []
  kit.runtime.bus.on('toast/shown').subscribe(event => toasts.push(i18n.t(event.payload.text)))
  return { ...kit, toasts }
}

export const PEOPLE = [
  { id: 1, full_name: 'Иван Петров' },
  { id: 2, full_name: 'Мария Иванова' },
]

export const taskItem = (id: number, extra: Partial<TaskItem> = {}): TaskItem => ({
  id,
  type: 10,
  name: `Задача ${id}`,
  status: 10,
  date_from: '1970-01-02',
  date_to: '1970-01-02',
  time: '15:00',
  author: PEOPLE[0]!,
  responsible: PEOPLE[1]!,
  created_at: '1970-01-01T00:00:00Z',
  ...extra,
})
