import { mustChange } from '../common/patch-schema'
import { z } from 'zod'
import { contactFilterFields } from '../contact-lists/advanced-filter'

/** Filter categories (docs/product.md section 3): contacts 42, email marketing 24. */
export const FilterCategory = { Contacts: 42, EmailMarketing: 24 } as const

const presetName = z.string().trim().min(1, 'Please enter a name').max(100)
const filterValues = z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
const enabledNames = z.array(z.enum(contactFilterFields as [string, ...string[]])).max(64)

/** POST /filter-presets: a user's saved Advanced Search. */
export const createFilterPresetSchema = z.object({
  name: presetName,
  categoryId: z.union([z.literal(42), z.literal(24)]).default(42),
  enabledFilterNames: enabledNames.default([]),
  filter: filterValues.default({}),
})
export type CreateFilterPreset = z.infer<typeof createFilterPresetSchema>

/** PATCH /filter-presets/{id}: rename, change the enabled filter names or the saved values. */
export const updateFilterPresetSchema = z
  .object({ name: presetName, enabledFilterNames: enabledNames, filter: filterValues })
  .partial()
  .refine(...mustChange())
export type UpdateFilterPreset = z.infer<typeof updateFilterPresetSchema>

export const filterPresetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  categoryId: z.number(),
  enabledFilterNames: z.array(z.string()),
  filter: filterValues,
  createdBy: z.string().nullable(),
  lastUpdatedBy: z.string().nullable(),
  updatedAt: z.string(),
})
export type FilterPreset = z.infer<typeof filterPresetSchema>

/** Events of the `filter-preset-<id>` stream. */
export type FilterPresetCreated = {
  type: 'FilterPresetCreated'
  data: { presetId: string; userId: string } & CreateFilterPreset
}
export type FilterPresetChanged = { type: 'FilterPresetChanged'; data: { presetId: string } & UpdateFilterPreset }
export type FilterPresetDeleted = { type: 'FilterPresetDeleted'; data: { presetId: string } }
export type FilterPresetEvent = FilterPresetCreated | FilterPresetChanged | FilterPresetDeleted
export const filterPresetStreamId = (presetId: string): string => `filter-preset-${presetId}`
