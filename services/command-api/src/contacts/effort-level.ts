import { effortLevelFromTrucks, effortLevelLockedFor, type EffortLevelId } from '@crm/contracts'
import { FieldRuleError } from '../command-handling/field-rule-error'

/** What the rule reads of a contact: its company type and number of trucks. */
export interface TruckFleet {
  companyTypeId?: number | null | undefined
  numberOfTrucks?: number | null | undefined
}

/**
 * Effort level from the number of trucks (docs/product.md 9): for the auto-rated company types the effort level
 * is the one the trucks give, in every division; other types have none (null) and a person chooses it. The
 * thresholds are contracts' (effortLevelFromTrucks), as the web shows them.
 */
export const ratedEffortLevel = (fleet: TruckFleet): EffortLevelId | null =>
  effortLevelFromTrucks(fleet.companyTypeId, fleet.numberOfTrucks)

/**
 * A chosen effort level (undefined: none sent) may not differ from the rated one: 400 under effortLevel, naming
 * the thresholds.
 */
export function assertEffortLevelFollowsTrucks(fleet: TruckFleet, chosen: number | null | undefined): void {
  const rated = ratedEffortLevel(fleet)
  if (rated !== null && chosen !== undefined && chosen !== rated) {
    throw new FieldRuleError('effortLevel', effortLevelLockedFor(fleet.companyTypeId))
  }
}
