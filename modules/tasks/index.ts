import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { plannedPage } from '../../core/ui/planned'
import { canSeeTasks } from './access'
import { TASK_NOTIFICATION } from './notifications'

export default definePlugin({
  id: 'tasks',
  routes: [
    { path: '/tasks', page: plannedPage('tasks:pages.list'), access: canSeeTasks },
    { path: '/tasks/:id', page: plannedPage('tasks:pages.one'), access: canSeeTasks },
  ],
  sidebar: [{ id: 'tasks', to: '/tasks', label: 'tasks:menu', order: 50, visible: canSeeTasks, icon: 'calendar' }],
  landing: [{ when: ({ profile }) => profile.role === ROLE.admin, to: '/tasks' }],
  notifications: [TASK_NOTIFICATION],
  i18n: { ru: () => import('./i18n/ru.json'), en: () => import('./i18n/en.json') },
})
