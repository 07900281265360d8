import { randomUUID } from 'node:crypto'
import type { NewEvent } from './event-store'

/** Builds events for store tests with complete metadata. */
export function testEvent(type: string, data: unknown = {}, commandId: string = randomUUID()): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      commandId,
      userId: null,
      divisionId: null,
      correlationId: commandId,
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  }
}
