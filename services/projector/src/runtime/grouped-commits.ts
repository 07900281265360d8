import { createGroupWriter, type Position, type StoredEvent } from '@crm/platform'
import {
  advanceCheckpoints,
  checkpointOf,
  lockCheckpoints,
  notifyReadModelsChanged,
  type CheckpointMove,
} from './checkpoint-rows'
import type { AnyProjection, Executor, TableNames } from './projection'

/** One loop's batch, ready to be committed with its checkpoint. */
export interface BatchCommit {
  projection: AnyProjection
  tables: TableNames
  events: readonly StoredEvent[]
  /** Where the loop believes the checkpoint is; the batch is dropped ('moved') if it is not. */
  from: Position
  /** False when nothing in the batch is for this read model: only its checkpoint moves. */
  apply: boolean
}

/** 'moved': the checkpoint was not at `from` (a rebuild or another instance moved it), or the version retired. */
export type CommitOutcome = 'committed' | 'moved'

type Answer = CommitOutcome | { failed: unknown }

/**
 * The projector's loops commit through this: batches that are ready at about the same moment (every loop
 * reads the same new events when caught up) are applied in one transaction, with one statement to lock
 * their checkpoints, one to move them and one to notify. Each read model still changes in the same
 * transaction as its own checkpoint. One at a time: the loops that finish while it runs form the next group.
 * Groups start at the end of an event-loop turn: every loop resumes from one shared read in the same turn, and
 * without the wait the first of them committed alone, the other nineteen in a second transaction right after.
 *
 * Why: twenty read models each committing its own transaction per batch (begin, lock, apply, move, notify,
 * commit) made the projector about half of the machine's work under a steady stream of commands.
 */
export function groupedCommits(db: Executor): (commit: BatchCommit) => Promise<CommitOutcome> {
  const write = createGroupWriter<BatchCommit, Answer>({
    maxInFlight: 1,
    maxGroup: 100,
    write: (group) => commitGroup(db, group),
  })
  return async (commit) => {
    const answer = await write(commit)
    if (typeof answer === 'object') throw answer.failed
    return answer
  }
}

async function commitGroup(db: Executor, group: BatchCommit[]): Promise<Answer[]> {
  try {
    return await db.transaction().execute((trx) => commitAll(trx, group))
  } catch (failed) {
    if (group.length === 1) return [{ failed }]
    // One read model's failure rolls the whole group back: each batch goes again alone, so that only the
    // failing one reports it (and retries with its back-off) while the others carry on.
    const answers: Answer[] = []
    for (const commit of group) {
      try {
        answers.push(...(await db.transaction().execute((trx) => commitAll(trx, [commit]))))
      } catch (error) {
        answers.push({ failed: error })
      }
    }
    return answers
  }
}

async function commitAll(trx: Executor, group: readonly BatchCommit[]): Promise<CommitOutcome[]> {
  const keys = group.map(({ projection: { name, version } }) => ({ name, version }))
  const rows = await lockCheckpoints(trx, keys)
  const moves: CheckpointMove[] = []
  const served: { projection: string; position: Position }[] = []
  const outcomes: CommitOutcome[] = []
  // In order, one at a time: the batches share the transaction's connection.
  for (const [i, commit] of group.entries()) {
    const row = checkpointOf(rows, keys[i]!)
    if (!row || row.state === 'retired' || row.position !== commit.from) {
      outcomes.push('moved')
      continue
    }
    if (commit.apply) await commit.projection.applyBatch(trx, commit.events, commit.tables)
    const position = commit.events[commit.events.length - 1]!.position
    moves.push({ ...keys[i]!, position, eventCount: commit.events.length })
    // Notified only while served and only when its rows changed: a backfilling copy is invisible until its
    // switch, which notifies once.
    if (commit.apply && row.state === 'active') served.push({ projection: commit.projection.name, position })
    outcomes.push('committed')
  }
  await advanceCheckpoints(trx, moves)
  await notifyReadModelsChanged(trx, served)
  return outcomes
}
