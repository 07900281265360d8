import os from 'node:os'
import { adminQuery } from './bench-schema'
import type { MachineFacts } from './report'

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')

export async function machineFacts(databaseUrl: string): Promise<Omit<MachineFacts, 'loadAfter'>> {
  const [row] = await adminQuery<{ version: string }>(databaseUrl, 'select version()')
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    postgres: row?.version.split(' on ')[0] ?? 'unknown',
    loadBefore: loadAverage(),
  }
}
