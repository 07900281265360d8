import type { EventStore, Position } from '@crm/platform'
import type { Kysely } from 'kysely'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { DomainError } from '@crm/platform'
import { divisionDecider, divisionIdTaken, divisionStreamId } from './decide'
import { nextDivisionId } from './division-lookups'

/**
 * Creates a division under the next free integer id. The id comes from the read model and the append with
 * "no stream yet" decides: a concurrent creation that took the id makes the decider refuse, and the next id
 * is tried. A repeated request (same idempotency key) finds its earlier division among the newest ones.
 */
export async function createDivision(
  store: EventStore,
  db: Kysely<unknown>,
  name: string,
  envelope: CommandEnvelope,
  fixedId?: number,
): Promise<{ divisionId: number; position: Position | null; created: boolean }> {
  let candidate = fixedId ?? (await nextDivisionId(db))
  for (let attempt = 0; attempt < 5; attempt++, candidate++) {
    try {
      const result = await handleCommand(
        store,
        divisionDecider,
        divisionStreamId(candidate),
        { type: 'CreateDivision', divisionId: candidate, name },
        envelope,
      )
      if (!result.duplicate) return { divisionId: candidate, position: result.position, created: true }
      const earlier = await findDivisionOfCommand(store, candidate, envelope.commandId)
      return { divisionId: earlier ?? candidate, position: result.position, created: false }
    } catch (error) {
      if (!(error instanceof DomainError && error.message === divisionIdTaken) || fixedId !== undefined) throw error
    }
  }
  throw new DomainError(divisionIdTaken)
}

async function findDivisionOfCommand(store: EventStore, below: number, commandId: string): Promise<number | undefined> {
  for (let id = below; id > 0 && id > below - 20; id--) {
    const events = await store.readStream(divisionStreamId(id))
    if (events.some((e) => e.metadata.commandId === commandId)) return id
  }
  return undefined
}
