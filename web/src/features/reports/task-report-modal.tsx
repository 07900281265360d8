import { taskDisplayStatusNames, taskReportColumns, type TaskDisplayStatusId } from '@crm/contracts'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Badge } from '../../components/ui/badge'
import { formatDateTime } from '../../lib/format-date'
import { ContactLink, PagedDrill } from './drill-parts'
import { taskDrillQuery, type TaskDrill } from './reports-api'

const variants = { 0: 'neutral', 1: 'danger', 2: 'success', 3: 'warning' } as const

/** The tasks behind one number of the task or follow-up report. */
function TaskRows({ props: drill }: ModalComponentProps<TaskDrill>) {
  return (
    <PagedDrill
      page={(first) => taskDrillQuery(drill, first)}
      what="Tasks"
      keyOf={(r) => r.taskId}
      head={['Task', 'Contact', 'Due', 'Completed', 'Status']}
      cells={(r) => [
        r.title,
        <ContactLink id={r.contactId} name={r.contactName} />,
        <span className="tabular whitespace-nowrap">{formatDateTime(r.dueDate)}</span>,
        r.completedDate ? <span className="tabular whitespace-nowrap">{formatDateTime(r.completedDate)}</span> : '',
        <Badge variant={variants[r.displayStatus as keyof typeof variants] ?? 'neutral'}>
          {taskDisplayStatusNames[r.displayStatus as TaskDisplayStatusId] ?? ''}
        </Badge>,
      ]}
    />
  )
}

const followUpReport = defineModal<TaskDrill>('follow-up-report', {
  title: (d) =>
    `${d.filters.kind === 'followUps' ? 'Follow-ups' : 'Tasks'} · ${taskReportColumns[d.column]} · ${d.userName} (${d.count})`,
  component: TaskRows,
})

export const openTaskDrill = (drill: TaskDrill) => followUpReport.open(drill)
