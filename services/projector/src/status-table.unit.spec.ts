import { describe, expect, it } from 'vitest'
import { formatStatusTable } from './status-table'

const base = {
  version: 1,
  position: '00000000000000000812-00000000000000000042',
  updatedAt: '2024-05-06T07:08:09.000Z',
  runningHere: false,
  lastError: null,
}

describe('projections status table', () => {
  it('shows one aligned row per projection version with its lag', () => {
    const text = formatStatusTable([
      { ...base, name: 'contacts_list', state: 'active', eventsApplied: 42, lag: 0 },
      {
        ...base,
        name: 'contacts_list',
        version: 2,
        state: 'backfilling',
        eventsApplied: 10,
        lag: 32,
        lastError: 'disk full',
      },
      { ...base, name: 'users', state: 'retired', eventsApplied: 5, lag: null },
    ])
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^NAME\s+VERSION\s+STATE\s+POSITION\s+EVENTS APPLIED\s+LAG\s+UPDATED$/)
    expect(lines[1]).toMatch(/^contacts_list\s+v1\s+active\s+0+812-0+42\s+42\s+caught up\s+2024-05-06T07:08:09.000Z$/)
    expect(lines[2]).toContain('backfilling (failing: disk full)')
    expect(lines[2]).toContain('32 events')
    expect(lines[3]).toMatch(/^users\s+v1\s+retired .* -\s+2024/)
    const versionColumn = lines[0]!.indexOf('VERSION')
    for (const line of lines.slice(1)) expect(line.indexOf(' v') + 1).toBe(versionColumn)
  })

  it('says so when nothing has run yet', () => {
    expect(formatStatusTable([])).toBe('No projections have run against this database yet.')
  })
})
