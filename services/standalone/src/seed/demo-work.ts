import { ActivityType, TaskNextStep } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'

/** One demo user's session and the demo contacts they own. */
export interface DemoWorker {
  key: string
  token: string
  contactIds: string[]
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The first start's hour, so every demo date lands on a round time relative to when the product was installed. */
const hourOf = (now: Date, offsetMs: number) => {
  const at = new Date(now.getTime() + offsetMs)
  at.setUTCMinutes(0, 0, 0)
  return at.toISOString()
}

const taskPlan = [
  { title: 'Intro call: fleet size and lenders', offset: -DAY, type: ActivityType.OutgoingCall, priority: 1 },
  { title: 'Send equipment lease quote', offset: 3 * HOUR, type: ActivityType.Email, priority: 0 },
  { title: 'Walk through the credit application', offset: DAY + 2 * HOUR, type: ActivityType.Meeting, priority: 0 },
  { title: 'Check factoring terms with the owner', offset: 3 * DAY, type: ActivityType.OutgoingCall, priority: 0 },
] as const

const activityPlan = [
  {
    subject: 'Owner interested in two used tractors',
    notes: 'Wants a 48-month lease; asked for rates by Friday.',
    activityType: ActivityType.OutgoingCall,
    callData: { duration: 412, outcome: 'Answered' as const },
  },
  {
    subject: 'Left a voicemail with dispatch',
    notes: null,
    activityType: ActivityType.OutgoingCall,
    callData: { duration: 0, outcome: 'Attempted' as const },
  },
] as const

/**
 * A working week for each demo user, through the same API the web app uses: open tasks (one past due, the
 * rest this week) with reminders, a couple of logged calls on their contacts and one completed task with a
 * follow-up, so the dashboard, the calendar and the timelines show what a rep's day looks like. Fixed
 * idempotency keys: a restart appends nothing.
 */
export async function seedDemoWork(app: HttpApp, workers: DemoWorker[], now: Date): Promise<number> {
  let commands = 0
  for (const worker of workers) {
    const send = async (method: 'POST', url: string, payload: object, key: string) => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${worker.token}`, 'idempotency-key': `seed-demo-${worker.key}-${key}` },
        payload,
      })
      if (response.statusCode >= 300) throw new Error(`Seeding ${url} for ${worker.key} failed: ${response.body}`)
      commands++
      return response.json() as { id: string }
    }
    const [first, second, third, fourth, fifth] = worker.contactIds
    const taskContacts = [first, second, third, fourth]
    for (const [i, plan] of taskPlan.entries()) {
      const contactId = taskContacts[i]
      if (!contactId) continue
      await send(
        'POST',
        '/task',
        {
          title: plan.title,
          contactId,
          dueDate: hourOf(now, plan.offset),
          activityType: plan.type,
          priority: plan.priority,
          reminder: 30,
        },
        `task-${i}`,
      )
    }
    for (const [i, activity] of activityPlan.entries()) {
      const contactId = worker.contactIds[i]
      if (!contactId) continue
      await send('POST', '/activity', { contactId, ...activity, occurredAt: hourOf(now, -(i + 2) * HOUR) }, `call-${i}`)
    }
    // One task already worked: completed with a follow-up, so the timeline shows Initial and a follow-up task.
    if (fifth) {
      const task = await send(
        'POST',
        '/task',
        { title: 'Qualify the lead', contactId: fifth, dueDate: hourOf(now, -2 * HOUR), activityType: 10009 },
        'task-done',
      )
      await send(
        'POST',
        `/task/complete/${task.id}`,
        {
          nextStep: TaskNextStep.FollowUp,
          notes: 'Runs 12 trucks, lease renewals due in spring.',
          callData: { duration: 305, outcome: 'Answered' },
        },
        'task-done-complete',
      )
    }
  }
  return commands
}
