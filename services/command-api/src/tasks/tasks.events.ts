export type { TaskEvent } from '@crm/contracts'
export { taskEventTypes } from '@crm/contracts'

export const taskStreamId = (taskId: string): string => `task-${taskId}`
