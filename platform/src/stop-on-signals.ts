import type { Logger } from './logger'

/** How long a stop may take before the process exits anyway: a hung request or job cannot hold it forever. */
export const STOP_LIMIT_MS = 10_000

/**
 * Stops the process cleanly on SIGTERM or SIGINT (docs/operations.md "Stopping the product", decision 056):
 * `stop` closes what the process runs, in order (the HTTP server first: it takes no new request and waits for
 * those in flight; then the projector's batch, the running jobs, the connections), and the process exits 0.
 * If that takes longer than `limitMs`, it exits 1 without waiting further; what was acknowledged is committed
 * already, and what was cut short is redone at the next start. A second signal changes nothing.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>, limitMs = STOP_LIMIT_MS): void {
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping: finishing the requests, projection batches and jobs in progress')
    const limit = setTimeout(() => {
      logger.error({ limitMs }, 'stopping took too long; exiting without waiting further')
      process.exit(1)
    }, limitMs)
    limit.unref()
    stop().then(
      () => {
        logger.info('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}
