export { ContactTasksCard } from './contact-tasks-card'
export { loadContactOptions, taskUserOptions } from './pickers'
export { TaskListItem } from './task-list-item'
export { openNewTask, openTask } from './task-modals'
export { useTaskUserPicking } from './task-users'
export {
  assignedTasksQuery,
  calendarQuery,
  dashboardTasksQuery,
  tasksSummaryQuery,
  todayMeetingsQuery,
} from './tasks-api'
