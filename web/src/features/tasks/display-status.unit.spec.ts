import { describe, expect, it } from 'vitest'
import { displayStatusBadge, taskBadge } from './display-status'

describe('task display status badges', () => {
  it('names the four statuses of docs/product.md 3', () => {
    expect([0, 1, 2, 3].map((s) => displayStatusBadge(s).label)).toEqual([
      'On Schedule',
      'Past Due',
      'Completed',
      'Completed but not on time',
    ])
  })

  it('past due reads as danger, late completion as a warning, completion as success', () => {
    expect(displayStatusBadge(1).variant).toBe('danger')
    expect(displayStatusBadge(3).variant).toBe('warning')
    expect(displayStatusBadge(2).variant).toBe('success')
  })

  it('an unknown status is shown as such rather than breaking the list', () => {
    expect(displayStatusBadge(9)).toEqual({ label: 'Unknown', variant: 'neutral' })
  })
})

describe('task badges', () => {
  it('say why an open task of a contact that left the pipeline is no longer work, instead of On Schedule', () => {
    expect(taskBadge({ displayStatus: 0, contactClosed: 'dead' })).toEqual({
      label: 'Contact is Dead',
      variant: 'neutral',
    })
    expect(taskBadge({ displayStatus: 1, contactClosed: 'not_qualified' }).label).toBe('Not Qualified')
    expect(taskBadge({ displayStatus: 0, contactClosed: 'out_of_business' }).label).toBe('Out of business')
  })

  it('show the display status while the contact is worked', () => {
    expect(taskBadge({ displayStatus: 0, contactClosed: null })).toEqual({ label: 'On Schedule', variant: 'accent' })
    expect(taskBadge({ displayStatus: 1, contactClosed: null }).label).toBe('Past Due')
  })
})
