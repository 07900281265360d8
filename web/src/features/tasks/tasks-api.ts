import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query'
import {
  DASHBOARD_TASK_LIMIT,
  type Calendar,
  type CompleteTask,
  type CreateTask,
  type MeetingRow,
  type SystemConfig,
  type TaskListFilterId,
  type TaskPage,
  type TaskRow,
  type TasksSummary,
  type UpdateTask,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { postMultipart } from '../../lib/multipart'
import { browserTimeZone } from '../../lib/local-date-time'
import { contactsKeys, lifecycleKeys, taskKeys } from '../../lib/query-keys'

const id = encodeURIComponent
const withClock = (params: Record<string, string | undefined>) => {
  const query = new URLSearchParams({ timeZone: browserTimeZone() })
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value)
  return query
}

export const taskQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => api.get<TaskRow>(`/task/${id(taskId)}?${withClock({})}`, { signal, quiet: [404] }),
    meta: { live: true },
  })

export const contactTasksQuery = (contactId: string) =>
  queryOptions({
    queryKey: taskKeys.byContact(contactId),
    queryFn: ({ signal }) =>
      api.get<TaskRow[]>(`/task/tasks-by-contact/${id(contactId)}?${withClock({})}`, { signal, quiet: true }),
    meta: { live: true },
  })

/** docs/product.md 9: the dashboard shows 20 tasks, a user's open ones (the caller's by default), soonest due first. */
export const dashboardTasksQuery = (userId?: string) =>
  queryOptions({
    queryKey: taskKeys.dashboard(userId),
    queryFn: ({ signal }) =>
      api.get<TaskPage>(`/task/tasks-for-dashboard?${withClock({ userId })}`, { signal, quiet: true }),
    meta: { live: true },
  })

/** GET /task/assigned-tasks by filter, 20 a page; "Load more" appends the next page (docs/product.md 4). */
export const assignedTasksQuery = (filter: TaskListFilterId, userId?: string) =>
  infiniteQueryOptions({
    queryKey: taskKeys.assigned(filter, userId),
    queryFn: ({ pageParam, signal }) =>
      api.get<TaskPage>(
        `/task/assigned-tasks?${withClock({ filter: String(filter), userId, page: String(pageParam), pageSize: String(DASHBOARD_TASK_LIMIT) })}`,
        { signal, quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.rows.length, 0) < last.total ? pages.length + 1 : undefined,
    meta: { live: true },
  })

export type SummaryDays = { today: string; tomorrow: string; sevenDays: string; userId?: string }
export const tasksSummaryQuery = (days: SummaryDays) =>
  queryOptions({
    queryKey: taskKeys.summary(days),
    queryFn: () =>
      // A read sent as POST (docs/product.md 7): it waits for the user's last change like the GETs do.
      api.post<TasksSummary>(
        '/task/tasks-summary',
        { ...days, timeZone: browserTimeZone() },
        { quiet: true, read: true },
      ),
    meta: { live: true },
  })

export const todayMeetingsQuery = () =>
  queryOptions({
    queryKey: taskKeys.todayMeetings(),
    queryFn: ({ signal }) => api.get<MeetingRow[]>(`/task/today-meeting?${withClock({})}`, { signal, quiet: true }),
    meta: { live: true },
  })

export const calendarQuery = (from: Date, to: Date, userId?: string) =>
  queryOptions({
    queryKey: taskKeys.calendar(from.toISOString(), to.toISOString(), userId),
    queryFn: ({ signal }) =>
      api.get<Calendar>(`/calendar?${withClock({ from: from.toISOString(), to: to.toISOString(), userId })}`, {
        signal,
        quiet: true,
      }),
    meta: { live: true },
  })

/** The division's settings: the follow-up preview needs startAFollowUp and noAnswerCall. */
export const systemConfigQuery = (divisionId: number) =>
  queryOptions({
    queryKey: ['system-config', divisionId],
    queryFn: ({ signal }) => api.get<SystemConfig>(`/system-config/${divisionId}`, { signal, quiet: true }),
    staleTime: 5 * 60_000,
  })

type Done = { id: string; position: string; followUpTaskId?: string | null }

/** JSON, or multipart (`dataForTask` + `attachments`, docs/product.md 7) when files go with it. */
function postWithFiles(path: string, body: object, files: readonly File[]): Promise<Done> {
  if (files.length === 0) return api.post<Done>(path, body)
  const form = new FormData()
  form.append('dataForTask', JSON.stringify(body))
  for (const file of files) form.append('attachments', file, file.name)
  return postMultipart<Done>(path, form)
}

export const createTask = (body: CreateTask, files: readonly File[]) => postWithFiles('/task', body, files)
export const updateTask = (taskId: string, changes: UpdateTask) => api.patch<Done>(`/task/${id(taskId)}`, changes)
export const deleteTask = (taskId: string) => api.delete<Done>(`/task/${id(taskId)}`)
/** The completion's files are linked to the activity it logs, with the task's own (docs/product.md 4). */
export const completeTask = (taskId: string, body: CompleteTask, files: readonly File[] = []) =>
  postWithFiles(`/task/complete/${id(taskId)}`, body, files)

/**
 * After a task command: every task list, and what the contact page shows of it (the timeline gets the
 * completion's activity, the contact its last contact date). Queries carry X-Min-Position, so they see it.
 */
export function useRefreshAfterTaskChange() {
  const queryClient = useQueryClient()
  return (contactId: string | null) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      ...(contactId
        ? [
            queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(contactId) }),
            queryClient.invalidateQueries({ queryKey: contactsKeys.detail(contactId) }),
            queryClient.invalidateQueries({ queryKey: contactsKeys.history(contactId) }),
          ]
        : []),
    ])
}
