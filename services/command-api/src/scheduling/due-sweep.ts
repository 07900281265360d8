import type { Logger } from '@crm/platform'

/** Queued but not done this long after its time: its job was lost or failed, queue a fresh one. */
export const LATE_AFTER_MS = 2 * 60_000

/**
 * How to queue a job due at `dueAt`: undefined while it is beyond the horizon (a later sweep queues it), else its
 * delay and job id. The id is the work's own, so the same work queued by a command, a sweep and another process
 * is one job; a job still waiting long after its time gets a fresh id once per sweep period.
 */
export function dueJob(
  baseId: string,
  dueAt: number,
  now: number,
  { horizonMs, sweepEveryMs }: { horizonMs: number; sweepEveryMs: number },
): { jobId: string; delayMs: number } | undefined {
  const delayMs = dueAt - now
  if (delayMs > horizonMs) return undefined
  const late = -delayMs > LATE_AFTER_MS
  return { jobId: late ? `${baseId}-late-${Math.floor(now / sweepEveryMs)}` : baseId, delayMs: Math.max(0, delayMs) }
}

/**
 * Runs `sweep` at start and every `everyMs` after; the first sweep retries every 2 s until it works (its read
 * model may not exist yet). `stop` aborts the sweep's signal (a sweep waiting for its read model to catch up
 * stops waiting and queues nothing) and resolves once the sweep in flight has finished.
 */
export function sweepLoop({
  sweep,
  everyMs,
  logger,
  what,
}: {
  sweep: (signal: AbortSignal) => Promise<number>
  everyMs: number
  logger: Logger
  /** For the logs: 'emails', 'task reminders'. */
  what: string
}): { start(): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> | undefined
  let stopping = new AbortController()

  function schedule(delayMs: number, run: () => Promise<void>) {
    if (stopped) return
    timer = setTimeout(() => {
      running = run()
    }, delayMs)
    timer.unref()
  }

  async function loop(first: boolean): Promise<void> {
    try {
      const queued = await sweep(stopping.signal)
      if (queued > 0) logger.info({ queued }, `${what} queued`)
      schedule(everyMs, () => loop(false))
    } catch (error) {
      if (stopped) return
      logger.warn({ err: error }, `${what} sweep failed; retrying`)
      schedule(first ? 2000 : everyMs, () => loop(first))
    }
  }

  return {
    start() {
      stopped = false
      stopping = new AbortController()
      running = loop(true)
    },
    async stop() {
      stopped = true
      stopping.abort()
      clearTimeout(timer)
      await running
    },
  }
}
