import { useUnit } from 'effector-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import styled from 'styled-components'
import { useT } from '../../../core/i18n/useT'
import { useRuntime } from '../../../core/react/runtime'
import { Badge, type BadgeTone } from '../../../core/ui/Badge'
import { Button } from '../../../core/ui/Button'
import { ErrorState } from '../../../core/ui/ErrorState'
import type { DataColumn } from '../../../core/ui/list/DataTable'
import { ListPage } from '../../../core/ui/list/ListPage'
import { SearchTotal } from '../../../core/ui/list/SearchTotal'
import { CursorTable } from '../../../core/ui/list/CursorTable'
import { ToggleFilter } from '../../../core/ui/list/ToggleFilter'
import { useListQuery } from '../../../core/ui/list/useListQuery'
import { useLiveRefresh } from '../../../core/ui/list/useLiveRefresh'
import { useLoad } from '../../../core/ui/list/useLoad'
import { Spinner } from '../../../core/ui/Spinner'
import { Alert } from '../../../core/ui/Alert'
import { businessToday, TASK_FILTERS, TASK_LIMIT_MAX, type TaskItem } from '../contract'
import type { TaskStatusCode } from '../workflow'
import { taskCounts, taskList } from '../model'
import { taskWorkflow } from '../workflow'
import { calendarRange } from './calendar'
import { useTaskFormat } from './format'
import { TASK_PAGE_LIMIT, TASK_VIEWS, TASKS_QUERY } from './query'
import { PeriodFilter } from './PeriodFilter'
import { ResponsibleFilter } from './ResponsibleFilter'

// The form (and its fields' code) comes when "New task" is pressed, not with the list.
// The list is the default view; the month and week calendar comes when first chosen.
const TaskCalendar = lazy(() => import('./TaskCalendar').then(m => ({ default: m.TaskCalendar })))
const TaskFormDialog = lazy(() => import('./TaskFormDialog').then(m => ({ default: m.TaskFormDialog })))

export const STATUS_TONE: Record<TaskStatusCode, BadgeTone> = { 10: 'info', 20: 'warning', 30: 'success', 40: 'neutral' }

/** The status badge, labelled from the workflow's texts. */
export function TaskStatusBadge({ status }: { status: TaskStatusCode }) {
  const t = useT('tasks')
  return <Badge tone={STATUS_TONE[status]}>{t(`workflow.status.statuses.${taskWorkflow.statusName(status) ?? 'new'}`)}</Badge>
}

const Name = styled.span`
  overflow-wrap: anywhere;
`
const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl};
`

/**
 * /tasks (issue 13 §2): the five tabs with counts, search, responsible and date filters, and the same tasks as a list
 * (paged by the server's cursors) or a month / week calendar. Everything that says what is shown is in the URL.
 */
export default function TasksPage() {
  const t = useT('tasks')
  const f = useTaskFormat()
  const { bus } = useRuntime()
  const [query, setQuery] = useListQuery(TASKS_QUERY)
  const [creating, setCreating] = useState(false)
  const today = businessToday(bus.clock.now())
  const calendar = query.view !== 'list'
  const anchor = query.day || today
  const range = calendar ? calendarRange(query.view === 'week' ? 'week' : 'month', anchor) : null

  const common = { search: query.q, responsible_id: query.responsible ? Number(query.responsible) : null }
  // The calendar asks for its visible days at once; the list for a page within the chosen dates.
  const reload = useLoad(
    'tasks/loadList',
    range
      ? { ...common, filter: query.filter, from: range.from, to: range.to, page: 1, cursor: null, limit: TASK_LIMIT_MAX }
      : { ...common, filter: query.filter, from: query.from, to: query.to, page: query.page, cursor: query.cursor, limit: TASK_PAGE_LIMIT },
  )
  const reloadCounts = useLoad('tasks/loadCounts', range ? { ...common, from: range.from, to: range.to } : { ...common, from: query.from, to: query.to })
  const state = useUnit(taskList.$state)
  const counts = useUnit(taskCounts.$state).data

  const columns = useMemo<DataColumn<TaskItem>[]>(
    () => [
      {
        id: 'name',
        header: t('list.columns.name'),
        isRowHeader: true,
        minWidth: 200,
        cell: task => <Name>{task.name}</Name>,
      },
      { id: 'type', header: t('list.columns.type'), cell: task => t(`type.${task.type}`) },
      { id: 'status', header: t('list.columns.status'), cell: task => <TaskStatusBadge status={task.status} /> },
      { id: 'dates', header: t('list.columns.dates'), cell: task => f.span(task.date_from, task.date_to, task.time) },
      { id: 'responsible', header: t('list.columns.responsible'), cell: task => task.responsible.full_name },
      { id: 'author', header: t('list.columns.author'), cell: task => task.author?.full_name ?? '—' },
    ],
    [t, f],
  )
  const filtered = query.filter !== 'all' || query.q !== '' || query.responsible !== '' || query.from !== '' || query.to !== ''
  const reloadAll = () => {
    reload()
    reloadCounts()
  }
  // A task this user sees was created or changed (the socket's updateTasks), or the socket reconnected: read again.
  useLiveRefresh('updateTasks', reloadAll)

  return (
    <ListPage
      title={t('pages.list')}
      description={
        !calendar && state.data ? (
          <SearchTotal page={state.data} q={query.q} count={t(state.data.total_estimated ? 'list.totalAbout' : 'list.total', { count: state.data.total })} similarText={t('list.similar', { q: query.q })} />
        ) : undefined
      }
      actions={
        <Button variant="primary" onPress={() => setCreating(true)} data-testid="task-new">
          {t('list.new')}
        </Button>
      }
      tabs={{
        label: t('list.tabs'),
        selected: query.filter,
        onChange: filter => setQuery({ filter }),
        items: TASK_FILTERS.map(id => ({ id, label: t(`list.filters.${id}`), count: counts?.counts[id] ?? null, countAbout: counts?.estimated[id], 'data-testid': `task-tab-${id}` })),
      }}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder'), value: query.q, onSearch: q => setQuery({ q }, { replace: true }), 'data-testid': 'task-search' }}
      filters={
        <>
          <ResponsibleFilter value={query.responsible} onChange={responsible => setQuery({ responsible })} />
          {!calendar && (
            <PeriodFilter value={query} onChange={setQuery} />
          )}
          <ToggleFilter label={t('list.view')} options={TASK_VIEWS.map(id => ({ id, label: t(`list.views.${id}`) }))} value={query.view} onChange={view => setQuery({ view })} />
        </>
      }
      data-testid="tasks-page"
    >
      {range ? (
        state.status === 'failed' && !state.data ? (
          <ErrorState title={t('list.loadFailed')} message={state.failure.message} retryLabel={t('details.retry')} onRetry={reloadAll} />
        ) : !state.data ? (
          <Center>
            <Spinner label={t('list.loading')} />
          </Center>
        ) : (
          <>
            {state.data.total > state.data.items.length && <Alert kind="warning">{t('calendar.truncated', { count: state.data.items.length })}</Alert>}
            <Suspense fallback={<Spinner label={t('list.loading')} />}>
              <TaskCalendar
                view={query.view === 'week' ? 'week' : 'month'}
                anchor={anchor}
                today={today}
                tasks={state.data.items}
                isBusy={state.status === 'loading'}
                onAnchor={day => setQuery({ day: day === today ? '' : day }, { replace: true })}
                onOpenDay={day => setQuery({ view: 'list', from: day, to: day, day: query.day })}
              />
            </Suspense>
          </>
        )
      ) : (
        <CursorTable
          state={state}
          onCursor={cursor => setQuery({ cursor, page: 1 })}
          onRetry={reloadAll}
          isFiltered={filtered}
          empty={{ title: t(filtered ? 'list.noneFound' : 'list.none') }}
          failedTitle={t('list.loadFailed')}
          aria-label={t('pages.list')}
          data-testid="task-table"
          columns={columns}
          rowHref={task => `/tasks/${task.id}`}
        />
      )}
      {creating && (
        <Suspense fallback={null}>
          <TaskFormDialog
            onClose={() => setCreating(false)}
            onSaved={() => {
              setCreating(false)
              reloadAll()
            }}
          />
        </Suspense>
      )}
    </ListPage>
  )
}
