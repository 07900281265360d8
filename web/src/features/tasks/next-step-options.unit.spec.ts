import { TaskNextStep } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { offeredNextSteps } from './next-step-options'

describe('next steps offered on completion', () => {
  it('hides None without the none-next-step permission (docs/product.md 6)', () => {
    expect(offeredNextSteps(false).map((o) => o.id)).not.toContain(TaskNextStep.None)
    expect(offeredNextSteps(true)[0]).toMatchObject({ id: TaskNextStep.None, label: 'None' })
    expect(offeredNextSteps(false)).toHaveLength(6)
  })

  it("names the division's follow-up days and no-answer minutes", () => {
    const steps = offeredNextSteps(true, { startAFollowUp: 1, noAnswerCall: 90 })
    expect(steps.find((o) => o.id === TaskNextStep.FollowUp)?.hint).toBe('In 1 day at 5:00 PM')
    expect(steps.find((o) => o.id === TaskNextStep.NoAnswer)?.hint).toBe('Call again in 90 minutes')
  })
})
