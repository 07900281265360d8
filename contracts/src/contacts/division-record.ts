import { z } from 'zod'
import { divisionStages, effortLevels, grades } from '../constants/contact-lookups'
import { mustChange, patchOf } from '../common/patch-schema'
import type { DivisionRecordFields } from './events'

const oneOf = (table: Record<number, string>, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((id) => id in table, { message })

/**
 * PATCH /contact-divisions/{contactId}/{divisionId}: the contact's record in one division that a rep keeps up to
 * date after conversion (docs/product.md 3, contactDivisionData). Only what is sent changes; a null stage clears it.
 */
export const divisionRecordPatchSchema = patchOf({
  grade: oneOf(grades, 'Please select grade'),
  effortLevel: oneOf(effortLevels, 'Please select effort level'),
  stage: oneOf(divisionStages, 'Please select stage').nullable(),
}).refine(...mustChange())
export type DivisionRecordPatch = z.infer<typeof divisionRecordPatchSchema>

export const divisionRecordParamsSchema = z.object({
  contactId: z.uuid(),
  divisionId: z.coerce.number().int().positive().max(1_000_000),
})

const labels: Record<keyof DivisionRecordFields, [label: string, names: Record<number, string>]> = {
  grade: ['Grade', grades],
  effortLevel: ['Effort level', effortLevels],
  stage: ['Stage', divisionStages],
}

/** "Grade Warm → Hot, Stage none → Proposal": a division record edit as the history and the audit read it. */
export function describeDivisionRecordEdit(
  changes: Partial<DivisionRecordFields>,
  previous: DivisionRecordFields,
): string {
  const name = (names: Record<number, string>, id: number | null | undefined) =>
    id == null ? 'none' : (names[id] ?? String(id))
  return (Object.keys(labels) as (keyof DivisionRecordFields)[])
    .filter((field) => changes[field] !== undefined)
    .map((field) => {
      const [label, names] = labels[field]
      return `${label} ${name(names, previous[field])} → ${name(names, changes[field])}`
    })
    .join(', ')
}
