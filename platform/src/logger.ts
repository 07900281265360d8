import { pino, type Logger } from 'pino'

export type { Logger }

/** A logger writing JSON lines to stdout, or to `destination` (tests read what would have been logged). */
export function createLogger(name: string, level = 'info', destination?: { write(line: string): unknown }): Logger {
  return destination ? pino({ name, level }, destination) : pino({ name, level })
}
