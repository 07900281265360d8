import { z } from 'zod'
import { messages } from '../messages'

/** A lookup the user must pick: missing (null) or not a lookup id answers with the field's own message. */
const picked = (message: string) => z.number({ error: message }).int().positive(message)

/**
 * The fields each conversion needs (docs/product.md 4, "Convert"), with the messages the command API answers
 * (services/command-api/src/contacts/decide-convert.ts). The web checks a Convert form with them before sending,
 * so one submit names every missing field.
 */
export const convertRequirements = {
  /** Lead → Prospect. Effort level is left out when the company type rates it from the trucks. */
  toProspect: z.object({
    effortLevel: picked(messages.effortLevelRequired),
    grade: picked(messages.gradeRequired),
    prospectSource: picked(messages.prospectSourceRequired),
  }),
  /** Lead → unassigned Prospect. */
  toUnassignedProspect: z.object({
    grade: picked(messages.gradeRequired),
    prospectSource: picked(messages.prospectSourceRequired),
  }),
  /** Prospect → Account. */
  toAccount: z.object({
    accountSource: picked(messages.accountSourceRequired),
    nationalityId: picked(messages.preferredLanguageRequired),
  }),
}
