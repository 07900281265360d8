import { modalStore } from '../../components/modal/modal-store'
import type { Picked } from '../../components/form/async-picker'

/**
 * Openers of the two task windows by registry id (docs/product.md 2: task_modal, complete_task). The windows open
 * each other (edit → complete, completed → its follow-up), so they go through ids rather than importing
 * each other's modules.
 */
export type TaskModalProps =
  | { mode: 'create'; contact?: Picked; dueDate?: Date; onCreated?: (taskId: string) => void }
  | { mode: 'edit'; taskId: string }
export type CompleteTaskProps = { taskId: string }

export const openNewTask = (props: Omit<Extract<TaskModalProps, { mode: 'create' }>, 'mode'> = {}) =>
  modalStore.open('task_modal', { mode: 'create', ...props } satisfies TaskModalProps)
export const openTask = (taskId: string) =>
  modalStore.open('task_modal', { mode: 'edit', taskId } satisfies TaskModalProps)
export const openCompleteTask = (taskId: string) =>
  modalStore.open('complete_task', { taskId } satisfies CompleteTaskProps)
