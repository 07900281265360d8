import { describe, expect, it } from 'vitest'
import { displayStatusBadge } from './display-status'

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
