import { Link } from '@tanstack/react-router'
import { CalendarDays, PhoneCall, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { useSession } from '../../lib/session-store'
import { callsTableWindow } from '../calls'
import { AsyncPicker, type Picked } from '../../components/form/async-picker'
import { taskUserOptions, openNewTask, useTaskUserPicking } from '../tasks'
import { TaskPanel } from './task-panel'
import { TasksSummaryTiles } from './tasks-summary'
import { TodayMeetingsCard } from './today-meetings-card'

const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' })

function greeting(now: Date): string {
  const hour = now.getHours()
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening'
}

const viewableUsers = taskUserOptions('view')

/**
 * `/`: the rep's day at a glance: task counts, the task panel and today's meetings. A manager may switch
 * the counts and the panel to a member of their team (executives to anyone); meetings stay the user's own.
 */
export function DashboardPage() {
  const user = useSession()?.user
  const name = user?.name ?? ''
  const me: Picked = { value: user?.userId ?? '', label: name }
  const [person, setPerson] = useState<Picked>(me)
  const maySeeOthers = useTaskUserPicking().maySeeOthersTasks
  const owner = person.value && person.value !== me.value ? { userId: person.value, name: person.label } : undefined
  const now = new Date()
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">
            {greeting(now)}
            {name ? `, ${name.split(' ')[0]}` : ''}
          </h1>
          <p className="text-muted-foreground">{today.format(now)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {maySeeOthers && (
            <div className="w-full sm:w-56 [&_label]:sr-only">
              <AsyncPicker
                id="dashboard-user"
                label="Whose tasks"
                queryKey="task-users-view"
                value={person}
                load={viewableUsers}
                onChange={setPerson}
              />
            </div>
          )}
          <Button onClick={() => callsTableWindow.open()}>
            <PhoneCall /> Call log
          </Button>
          <Button asChild>
            <Link to="/calendar">
              <CalendarDays /> Calendar
            </Link>
          </Button>
          <Button variant="primary" onClick={() => openNewTask()}>
            <Plus /> New task
          </Button>
        </div>
      </header>
      <TasksSummaryTiles userId={owner?.userId} />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
        <TaskPanel owner={owner} />
        <TodayMeetingsCard />
      </div>
    </div>
  )
}
