import { seesWholeDivision, type Caller } from '../auth/visibility'

/**
 * A contact's collection facts: what it owes, how late it pays and when collections last worked it. They fill the
 * Collection List, Credit Exposure and Paid Off Accounts (docs/decisions/026-collection-facts.md).
 */
export const collectionFields = ['currentBalance', 'daysLate', 'lastCollectionActivity'] as const
export type CollectionField = (typeof collectionFields)[number]

/** Collections belong to the people who own the division's money: managers, executives and administrators. */
export const mayEditCollectionFacts = (caller: Pick<Caller, 'permissions'>): boolean => seesWholeDivision(caller)

export const collectionFactsForbidden = 'Only managers and executives can change collection facts'

/** The collection fields a change names (whatever their values), for the rule above. */
export const collectionFieldsIn = (changes: object): CollectionField[] =>
  collectionFields.filter((field) => field in changes && (changes as Record<string, unknown>)[field] !== undefined)
