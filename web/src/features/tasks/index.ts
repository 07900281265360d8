export { AsyncPicker, type Picked } from './async-picker'
export { AttachmentLinks } from './attachment-links'
export { AttachmentsField } from './attachments-field'
export { ContactTasksCard } from './contact-tasks-card'
export { loadContactOptions, taskUserOptions } from './pickers'
export { Segmented } from './segmented'
export { TaskListItem } from './task-list-item'
export { SubmitButton, TaskModalFooter } from './task-modal-footer'
export { openNewTask, openTask } from './task-modals'
export { useTaskUserPicking } from './task-users'
export {
  assignedTasksQuery,
  calendarQuery,
  dashboardTasksQuery,
  taskKeys,
  tasksSummaryQuery,
  todayMeetingsQuery,
} from './tasks-api'
