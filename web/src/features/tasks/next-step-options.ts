import { TaskNextStep } from '@crm/contracts'
import type { FollowUpConfig } from './task-dates'

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/**
 * The next steps the complete_task modal offers (docs/product.md 4), in the order a rep reads them. The hints
 * name the division's own numbers once its system config is loaded.
 */
export function nextStepOptions(config: FollowUpConfig | null): { id: number; label: string; hint: string }[] {
  return [
    { id: TaskNextStep.None, label: 'None', hint: 'No follow-up task' },
    {
      id: TaskNextStep.NoAnswer,
      label: 'No Answer',
      hint: config ? `Call again in ${plural(config.noAnswerCall, 'minute')}` : 'Call again later',
    },
    {
      id: TaskNextStep.FollowUp,
      label: 'Follow up',
      hint: config ? `In ${plural(config.startAFollowUp, 'day')} at 5:00 PM` : 'In the division’s days at 5:00 PM',
    },
    { id: TaskNextStep.Tomorrow, label: 'Tomorrow', hint: 'Tomorrow at 5:00 PM' },
    { id: TaskNextStep.InSevenDays, label: 'In 7 days', hint: 'A week from today at 5:00 PM' },
    { id: TaskNextStep.PickedDate, label: 'Pick a date', hint: 'Choose the follow-up date' },
    { id: TaskNextStep.QuickFollowUp, label: 'Quick follow-up', hint: 'In 2 hours' },
  ]
}

/** docs/product.md 6: without the none-next-step permission None is hidden. */
export function offeredNextSteps(mayChooseNone: boolean, config: FollowUpConfig | null = null) {
  return nextStepOptions(config).filter((o) => mayChooseNone || o.id !== TaskNextStep.None)
}
