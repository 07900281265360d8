import type { SystemConfigChanged } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'system_config'>

/**
 * One row per division that saved its settings (platform's readSystemConfig supplies the defaults for the
 * others). Contacts and tasks read it for due dates, grades and give-up attempts.
 */
async function migrate(trx: Executor, { system_config: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      division_id int primary key,
      task_past_due_time int not null,
      start_a_follow_up int not null,
      no_answer_call int not null,
      min_call_attempts int not null,
      hot_days int not null,
      warm_days int not null,
      cold_days int not null,
      updated_at timestamptz
    )`.execute(trx)
}

const columns: ColumnTypes = [
  ['division_id', 'int'],
  ['task_past_due_time', 'int'],
  ['start_a_follow_up', 'int'],
  ['no_answer_call', 'int'],
  ['min_call_attempts', 'int'],
  ['hot_days', 'int'],
  ['warm_days', 'int'],
  ['cold_days', 'int'],
  ['updated_at', 'timestamptz'],
]

// Each event holds the whole configuration, so the latest one simply wins (a replay ends where it was).
const onChanged: BatchHandler<'system_config', SystemConfigChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    division_id: data.divisionId,
    task_past_due_time: data.taskPastDueTime,
    start_a_follow_up: data.startAFollowUp,
    no_answer_call: data.noAnswerCall,
    min_call_attempts: data.minCallAttempts,
    hot_days: data.hotDays,
    warm_days: data.warmDays,
    cold_days: data.coldDays,
    updated_at: metadata.occurredAt,
  }))
  const set = sql.join(columns.slice(1).map(([name]) => sql`${sql.id(name)} = excluded.${sql.id(name)}`))
  await insertRows(tables.system_config, rows, columns, sql`on conflict (division_id) do update set ${set}`).execute(
    trx,
  )
}

export const systemConfigProjection = defineProjection({
  name: 'system_config',
  version: 1,
  tables: ['system_config'],
  migrate,
  applyBatch: applyByType<'system_config'>({ SystemConfigChanged: onChanged }),
})
