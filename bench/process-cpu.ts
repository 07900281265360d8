import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time of the processes taking part in a measurement, read from /proc (Linux; elsewhere every figure is
 * 0 and the report says so). On a 2-core machine shared by three services, PostgreSQL and the loader, where the
 * CPU goes says more about the next improvement than the throughput alone.
 */
export type CpuSample = Record<string, number>

const TICKS_PER_SECOND = 100 // USER_HZ, 100 on every Linux this runs on

function secondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** The process and its descendants (a service started through tsx runs in a child of the tsx process). */
function treeSeconds(pid: number): number {
  let total = secondsOf(pid)
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) {
      if (child) total += treeSeconds(Number(child))
    }
  } catch {
    // gone, or not Linux
  }
  return total
}

/** Every postgres process on the machine: backends of all clients, WAL writer, checkpointer. */
function postgresSeconds(): number {
  let total = 0
  let entries: string[] = []
  try {
    entries = readdirSync('/proc')
  } catch {
    return 0
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) total += secondsOf(Number(entry))
    } catch {
      // exited meanwhile
    }
  }
  return total
}

/** CPU seconds so far of each named process tree, of PostgreSQL and of this process (the loader). */
export function sampleCpu(pids: Record<string, number>): CpuSample {
  const sample: CpuSample = { postgres: postgresSeconds(), loader: secondsOf(process.pid) }
  for (const [name, pid] of Object.entries(pids)) sample[name] = treeSeconds(pid)
  return sample
}

/** Share of one core each used between two samples `seconds` apart (1 = one whole core). */
export function coresUsed(before: CpuSample, after: CpuSample, seconds: number): CpuSample {
  return Object.fromEntries(Object.keys(after).map((name) => [name, (after[name]! - (before[name] ?? 0)) / seconds]))
}
