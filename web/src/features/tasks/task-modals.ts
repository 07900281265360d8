/**
 * The task windows, registered (task_modal, complete_task) and ready to open. Screens import from here, so
 * importing an opener also registers the windows it opens.
 */
import './task-modal'
import './complete-task-modal'

export { openCompleteTask, openNewTask, openTask } from './task-windows'
