import { referralMessages, referralStreamId, type Caller } from '@crm/contracts'
import { badRequest, notFound, readSystemConfig, type EventStore } from '@crm/platform'
import type { Kysely } from 'kysely'
import { findUserById } from '../users/users-read-model'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { referralDecider, visible, type ReferralCommand } from './decide'
import { type ReferralState } from './state'
import { loadAggregate } from '../command-handling/load-aggregate'

/** Field rules are answered as a 400 with the message under the field. */
export async function fieldErrorsAs400<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
}

export const runOnReferral = (
  store: EventStore,
  referralId: string,
  command: ReferralCommand,
  envelope: CommandEnvelope,
) => fieldErrorsAs400(() => handleCommand(store, referralDecider, referralStreamId(referralId), command, envelope))

export async function loadReferral(store: EventStore, referralId: string): Promise<ReferralState> {
  return (await loadAggregate(store, referralStreamId(referralId), referralDecider)).state
}

/**
 * A task may name a referral (its referralId) only if the caller sees that referral and it is about the task's
 * contact; anything else is answered as a missing referral (404), as the visibility policy answers.
 */
export async function assertReferralOfContact(
  store: EventStore,
  actor: Caller,
  referralId: string,
  contactId: string,
): Promise<void> {
  const referral = visible(await loadReferral(store, referralId), actor)
  if (referral.contactId !== contactId) throw notFound(referralMessages.notFound)
}

/** The division the named user works in, or null when there is no such active user. */
export async function divisionOfUser(db: Kysely<unknown>, userId: string): Promise<number | null> {
  const user = await findUserById(db, userId)
  return user && !user.disabled ? user.divisionId : null
}

/** The receiving division's hot / warm / cold days. */
export async function gradeDaysOf(db: Kysely<unknown>, divisionId: number) {
  const { hotDays, warmDays, coldDays } = await readSystemConfig(db, divisionId)
  return { hotDays, warmDays, coldDays }
}
