import { systemConfigDefaults, type SystemConfig } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

type Row = {
  division_id: number
  task_past_due_time: number
  start_a_follow_up: number
  no_answer_call: number
  min_call_attempts: number
  hot_days: number
  warm_days: number
  cold_days: number
  updated_at: Date | string | null
}

/**
 * A division's system configuration from the projector's `system_config` read model, or SPEC-sensible
 * defaults while the division has none saved (or the read model does not exist yet). Both APIs use it:
 * the command side for next-step due dates and give-up attempts, the query side for the settings screen.
 */
export async function readSystemConfig(db: Kysely<unknown>, divisionId: number): Promise<SystemConfig> {
  let row: Row | undefined
  try {
    const { rows } = await sql<Row>`
      select division_id, task_past_due_time, start_a_follow_up, no_answer_call, min_call_attempts,
             hot_days, warm_days, cold_days, updated_at
      from system_config where division_id = ${divisionId}`.execute(db)
    row = rows[0]
  } catch (error) {
    // Before the projector's first migration the table is missing: the defaults are the right answer then.
    if ((error as { code?: string }).code !== '42P01') throw error
  }
  if (!row) return { divisionId, ...systemConfigDefaults, updatedAt: null }
  return {
    divisionId,
    taskPastDueTime: row.task_past_due_time,
    startAFollowUp: row.start_a_follow_up,
    noAnswerCall: row.no_answer_call,
    minCallAttempts: row.min_call_attempts,
    hotDays: row.hot_days,
    warmDays: row.warm_days,
    coldDays: row.cold_days,
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  }
}
