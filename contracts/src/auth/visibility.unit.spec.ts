import { describe, expect, it } from 'vitest'
import {
  canSeeContact,
  canSeeCreditApplication,
  mayAnalyseCreditApplication,
  worksCreditApplications,
  canSeeWorkOf,
  isManagerOf,
  mayAskReportFor,
  reportDivisionsOf,
  mayAssignContactsTo,
  maySelectForAssign,
  seesOtherUsers,
  type Caller,
} from './visibility'

const rep: Caller = { userId: 'rep', divisionId: 15, permissions: ['call'] }
const manager: Caller = { userId: 'boss', divisionId: 15, permissions: ['manager'], team: ['rep'] }
const executive: Caller = { userId: 'exec', divisionId: 1, permissions: ['executive'] }
const admin: Caller = { userId: 'admin', divisionId: 15, permissions: ['admin'] }

describe('the visibility policy', () => {
  it('shows a rep their own and unassigned contacts of their division, nothing of another division', () => {
    expect(canSeeContact(rep, [{ divisionId: 15, assigned: 'rep' }])).toBe(true)
    expect(canSeeContact(rep, [{ divisionId: 15, assigned: null }])).toBe(true)
    expect(canSeeContact(rep, [{ divisionId: 15, assigned: 'other' }])).toBe(false)
    expect(canSeeContact(rep, [{ divisionId: 3, assigned: null }])).toBe(false)
    expect(canSeeContact(rep, [])).toBe(false)
  })

  it('shows a manager the whole division, executives and administrators every division', () => {
    expect(canSeeContact(manager, [{ divisionId: 15, assigned: 'other' }])).toBe(true)
    expect(canSeeContact(manager, [{ divisionId: 3, assigned: null }])).toBe(false)
    expect(canSeeContact(executive, [{ divisionId: 3, assigned: 'other' }])).toBe(true)
    expect(canSeeContact(admin, [])).toBe(true)
  })

  it('shows work (tasks, meetings) to its owner, their manager and executives', () => {
    expect(canSeeWorkOf(rep, 'rep')).toBe(true)
    expect(canSeeWorkOf(rep, 'other')).toBe(false)
    expect(canSeeWorkOf(manager, 'rep')).toBe(true)
    expect(canSeeWorkOf(manager, 'other')).toBe(false)
    expect(canSeeWorkOf({ ...rep, team: ['other'] }, 'other')).toBe(false)
    expect(canSeeWorkOf(executive, 'other')).toBe(true)
  })

  it('lets a user assign contacts only to themselves without assign-any', () => {
    expect(mayAssignContactsTo(rep, 'rep')).toBe(true)
    expect(mayAssignContactsTo(manager, 'rep')).toBe(false)
    expect(mayAssignContactsTo({ ...rep, permissions: ['assign-any'] }, 'other')).toBe(true)
    expect(mayAssignContactsTo(executive, 'other')).toBe(true)
  })

  it("lets a rep take only unassigned rows or their own ('Unable to select')", () => {
    expect(maySelectForAssign(rep, null)).toBe(true)
    expect(maySelectForAssign(rep, 'rep')).toBe(true)
    expect(maySelectForAssign(rep, 'other')).toBe(false)
    expect(maySelectForAssign(manager, 'other')).toBe(true)
  })

  it('knows a manager by the managed user’s record, disabled or not', () => {
    expect(isManagerOf(manager, { managerId: 'boss' })).toBe(true)
    // Disabled users stay on the team: what they left behind needs a manager who sees it (docs/decisions/051).
    expect(isManagerOf(manager, { managerId: 'boss', disabled: true })).toBe(true)
    expect(isManagerOf(rep, { managerId: 'rep' })).toBe(false)
    expect(seesOtherUsers(rep)).toBe(false)
    expect(seesOtherUsers(manager)).toBe(true)
  })

  it("shows credit applications to the credit analysts of the source's divisions and to executives, not to reps", () => {
    const websiteDivisions = [1, 4]
    const analyst: Caller = { userId: 'cleo', divisionId: 4, permissions: ['call', 'credit-analyst'] }
    expect(canSeeCreditApplication(analyst, websiteDivisions)).toBe(true)
    expect(canSeeCreditApplication(analyst, [2])).toBe(false)
    expect(canSeeCreditApplication({ ...rep, divisionId: 4 }, websiteDivisions)).toBe(false)
    expect(canSeeCreditApplication(manager, [15])).toBe(false)
    expect(canSeeCreditApplication(executive, [3])).toBe(true)
    expect(canSeeCreditApplication(admin, [2])).toBe(true)
    expect([analyst, rep, executive].map(worksCreditApplications)).toEqual([true, false, true])
  })

  it("lets only an active credit analyst of one of its divisions be an application's analyst", () => {
    const analyst = { divisionId: 4, permissions: ['credit-analyst'] }
    expect(mayAnalyseCreditApplication(analyst, [1, 4])).toBe(true)
    expect(mayAnalyseCreditApplication({ ...analyst, disabled: true }, [1, 4])).toBe(false)
    expect(mayAnalyseCreditApplication(analyst, [2])).toBe(false)
    expect(mayAnalyseCreditApplication({ divisionId: 4, permissions: ['executive'] }, [1, 4])).toBe(false)
  })

  it('lets a caller ask reports for their own division only, executives and administrators any', () => {
    expect(reportDivisionsOf(rep)).toBe(15)
    expect(mayAskReportFor(rep, 2)).toBe(false)
    expect(mayAskReportFor(manager, 15)).toBe(true)
    expect(mayAskReportFor(manager, 2)).toBe(false)
    expect(reportDivisionsOf(executive)).toBe('any')
    expect(mayAskReportFor(admin, 2)).toBe(true)
    // Analysts read reports over whole divisions of any division, and their own otherwise.
    const analyst: Caller = { userId: 'an', divisionId: 15, permissions: ['analyst'] }
    expect(mayAskReportFor(analyst, 2, { wholeDivisions: true })).toBe(true)
    expect(mayAskReportFor(analyst, 2)).toBe(false)
  })
})
