import type { TaskRow } from '@crm/contracts'
import { Link } from '@tanstack/react-router'
import { CallablePhone } from '../calls'

type Contact = Pick<TaskRow, 'contactId' | 'contactName' | 'contactPhone'>

/**
 * The task's contact by name, opening its page. From a window (`newTab`) it opens in a new tab: the page
 * behind a window is covered, and leaving it would bury the window's half-filled form.
 */
export function TaskContactLink({ task, newTab = false }: { task: Contact; newTab?: boolean }) {
  if (!task.contactName) return null
  return (
    <Link
      to="/contacts/$id"
      params={{ id: task.contactId }}
      target={newTab ? '_blank' : undefined}
      className="font-medium text-link hover:underline"
    >
      {task.contactName}
    </Link>
  )
}

/** The contact's name and business phone, each a link, the phone with its call button. */
export function TaskContact({ task, newTab = false }: { task: Contact; newTab?: boolean }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-2">
      <TaskContactLink task={task} newTab={newTab} />
      <CallablePhone contactId={task.contactId} phone={task.contactPhone} contactName={task.contactName ?? ''} />
    </span>
  )
}
