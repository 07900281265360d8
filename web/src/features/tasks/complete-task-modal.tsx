import { useQuery } from '@tanstack/react-query'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { CompleteTaskForm } from './complete-task-form'
import { CompletedTaskSummary } from './completed-task-summary'
import { isCompleted } from './display-status'
import { TaskLoadState } from './task-load-state'
import { openTask, type CompleteTaskProps } from './task-windows'
import { taskQuery } from './tasks-api'

/** complete_task (950): the task is read fresh, so a task completed elsewhere shows as completed. */
function CompleteTaskWindow({ props, close }: ModalComponentProps<CompleteTaskProps>) {
  const task = useQuery(taskQuery(props.taskId))
  if (task.data) {
    return isCompleted(task.data) ? (
      <CompletedTaskSummary task={task.data} close={close} openTask={openTask} />
    ) : (
      <CompleteTaskForm key={task.data.id} task={task.data} close={close} />
    )
  }
  return <TaskLoadState error={task.error} />
}

export const completeTaskModal = defineModal<CompleteTaskProps>('complete_task', {
  title: 'Complete task',
  component: CompleteTaskWindow,
})
