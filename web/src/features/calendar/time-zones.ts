/** The zones a meeting is usually planned in: the US sales floors, and UTC. */
const common = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Europe/Belgrade',
  'UTC',
]

const label = (zone: string) => zone.replace(/_/g, ' ').replace('/', ' / ')

/** Select options: the common zones plus the given one (the browser's, or a meeting's own) when it is not among them. */
export function timeZoneOptions(current: string): Record<string, string> {
  const zones = common.includes(current) ? common : [current, ...common]
  return Object.fromEntries(zones.map((z) => [z, label(z)]))
}
