import { act } from '@testing-library/react'
import type { Profile, Role } from '../../../core/auth/profile'
import { createI18n } from '../../../core/i18n/i18n'
import { listTestRuntime, type SentRequest } from '../../../core/ui/list/testing'
import ru from '../i18n/ru.json'
import invest from '../index'

/** A signed-in client (or `role`) runtime with the invest plugin, its pack, on a virtual clock. */
export function investKit(path: string, answer: (req: SentRequest) => unknown, role: Role = 10 as Role) {
  const i18n = createI18n('ru')
  i18n.addResourceBundle('ru', 'invest', ru, true, true)
  const kit = listTestRuntime({ plugins: [invest], path, answer, i18n })
  const profile = {
    id: 7,
    name: 'Иван',
    full_name: 'Иванов Иван',
    phone: '77001000010',
    email: null,
    role,
    office_id: null,
    settings: { services: { tender: false }, notify_messages: true, notify_events: true, is_agent: false },
    language: 'ru',
    sip: null,
    ws_connection_string: 'ws://localhost/api/v1/socket?ticket=t',
  } as Profile
  act(() => void kit.runtime.bus.emit('auth/profileLoaded', { profile, company: null }, 'api'))
  return kit
}
