import { ROLE } from '../../core/auth/profile'
import { definePlugin } from '../../core/plugin/types'
import { canSeeTasks } from './access'
import { TASK_NOTIFICATION } from './notifications'
import { UPDATE_TASKS } from './socket'

const widgets = () => import('./ui/CreateTaskWidgets')

/**
 * Tasks and their calendar (issue 13 §2): /tasks (list, month, week), /tasks/{id} (view, edit, status actions,
 * comments, history), and "Create task" on the client, tender and bid pages through their slots.
 */
export default definePlugin({
  id: 'tasks',
  routes: [
    { path: '/tasks', page: () => import('./ui/TasksPage'), access: canSeeTasks },
    { path: '/tasks/:id', page: () => import('./ui/TaskPage'), access: canSeeTasks },
  ],
  sidebar: [{ id: 'tasks', to: '/tasks', label: 'tasks:menu', order: 50, visible: canSeeTasks, icon: 'calendar' }],
  landing: [{ when: ({ profile }) => profile.role === ROLE.admin, to: '/tasks' }],
  widgets: [
    { slot: 'clients/pageActions', component: () => widgets().then(m => ({ default: m.ClientTaskButton })), visible: canSeeTasks },
    { slot: 'tenders/showActions', component: () => widgets().then(m => ({ default: m.TenderTaskButton })), visible: canSeeTasks },
    { slot: 'bids/pageActions', component: () => widgets().then(m => ({ default: m.BidTaskButton })), visible: canSeeTasks },
  ],
  // Commands and stores: fetched with its pages and widgets (./logic.ts).
  logic: () => import('./logic'),
  notifications: [TASK_NOTIFICATION],
  links: { 'tasks/task': ({ id }) => `/tasks/${id}` },
  socketActions: [UPDATE_TASKS],
  i18n: {
    ru: () => import('./i18n/ru.json'),
    en: () => import('./i18n/en.json'),
    // After sign-in only the sidebar's labels and the page names; the rest with the pages.and the "Create task" buttons.
    shell: { ru: () => import('./i18n/ru.json?shell'), en: () => import('./i18n/en.json?shell') },
  },
})
