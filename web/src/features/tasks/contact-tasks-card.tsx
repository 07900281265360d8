import type { TaskRow } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { isCompleted } from './display-status'
import { TaskListItem } from './task-list-item'
import { openNewTask } from './task-modals'
import { contactTasksQuery } from './tasks-api'

/** Open tasks first, soonest due first; then completed ones, latest completed first. */
export function contactTaskOrder(a: TaskRow, b: TaskRow): number {
  const done = Number(isCompleted(a)) - Number(isCompleted(b))
  if (done !== 0) return done
  if (isCompleted(a)) return (b.completedDate ?? '').localeCompare(a.completedDate ?? '')
  return new Date(a.dueDate).getTime() - new Date(b.dueDate).getTime()
}

/** The contact's tasks with their display status, "New task", and open / complete actions. */
export function ContactTasksCard({ contact }: { contact: { id: string; name: string } }) {
  const tasks = useQuery(contactTasksQuery(contact.id))
  const rows = [...(tasks.data ?? [])].sort(contactTaskOrder)
  const open = rows.filter((t) => !isCompleted(t)).length
  return (
    <Card aria-label="Tasks" id="contact-tasks" className="scroll-mt-16">
      <CardHeader>
        <CardTitle>
          Tasks {tasks.data && <span className="font-normal text-muted-foreground">· {open} open</span>}
        </CardTitle>
        <Button size="sm" onClick={() => openNewTask({ contact: { value: contact.id, label: contact.name } })}>
          <Plus /> New task
        </Button>
      </CardHeader>
      <CardContent className="py-1">
        <ListStates query={tasks} what="Tasks" isEmpty={(data) => data.length === 0}>
          {() => (
            <ul className="max-h-80 overflow-y-auto">
              {rows.map((t) => (
                <TaskListItem key={t.id} task={t} />
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  )
}
