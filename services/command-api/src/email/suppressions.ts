import type { SuppressionReason } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

/**
 * The addresses among `addresses` that get no marketing email, with why (the email_suppressions read model,
 * lower-cased addresses). Read by the marketing send before it queues and by the sender before each message.
 */
export async function suppressedAmong(
  db: Kysely<unknown>,
  addresses: readonly string[],
): Promise<Map<string, SuppressionReason>> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()).filter(Boolean))]
  if (wanted.length === 0) return new Map()
  const { rows } = await sql<{ address: string; reason: SuppressionReason }>`
    select address, reason from email_suppressions where address = any(${wanted}::text[])`.execute(db)
  return new Map(rows.map((r) => [r.address, r.reason]))
}
