import { describe, expect, it } from 'vitest'
import { messages } from '../messages'
import { convertRequirements } from './convert-requirements'

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('convertRequirements', () => {
  it('names every missing field of Lead → Prospect at once, with the messages of the command API', () => {
    const result = convertRequirements.toProspect.safeParse({ effortLevel: null, grade: null, prospectSource: null })
    expect(issuesOf(result)).toEqual({
      effortLevel: messages.effortLevelRequired,
      grade: messages.gradeRequired,
      prospectSource: messages.prospectSourceRequired,
    })
  })

  it('names both fields of Prospect → Account and accepts them once picked', () => {
    expect(issuesOf(convertRequirements.toAccount.safeParse({ accountSource: null }))).toEqual({
      accountSource: messages.accountSourceRequired,
      nationalityId: messages.preferredLanguageRequired,
    })
    expect(convertRequirements.toAccount.safeParse({ accountSource: 2, nationalityId: 1, grade: null }).success).toBe(
      true,
    )
  })

  it('does not ask an unassigned Prospect for an effort level', () => {
    expect(issuesOf(convertRequirements.toUnassignedProspect.safeParse({ grade: 1, prospectSource: 0 }))).toEqual({
      prospectSource: messages.prospectSourceRequired,
    })
  })
})
