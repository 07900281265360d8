import type { ProjectionStatus } from './runtime/status'

const HEADERS = ['NAME', 'VERSION', 'STATE', 'POSITION', 'EVENTS APPLIED', 'LAG', 'UPDATED'] as const

/** `npm run projections -- status` as an aligned plain-text table (one row per projection version). */
export function formatStatusTable(statuses: readonly ProjectionStatus[]): string {
  if (statuses.length === 0) return 'No projections have run against this database yet.'
  const rows = statuses.map((s) => [
    s.name,
    `v${s.version}`,
    s.lastError ? `${s.state} (failing: ${s.lastError})` : s.state,
    s.position,
    String(s.eventsApplied),
    s.lag === null ? (s.state === 'retired' ? '-' : 'unknown') : s.lag === 0 ? 'caught up' : `${s.lag} events`,
    s.updatedAt ?? '-',
  ])
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(HEADERS), ...rows.map(line)].join('\n')
}
