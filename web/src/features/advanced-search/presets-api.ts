import { queryOptions } from '@tanstack/react-query'
import type { CreateFilterPreset, FilterPreset, UpdateFilterPreset } from '@crm/contracts'
import { api } from '../../lib/api'

export const presetKeys = { all: ['filter-presets'] as const }

/** Filter categories of docs/product.md 3: contacts (Advanced Search) 42, email marketing 24. */
export type FilterCategory = 42 | 24

export const presetsQueryOptions = (categoryId: FilterCategory) =>
  queryOptions({
    queryKey: [...presetKeys.all, categoryId],
    queryFn: ({ signal }) => api.get<FilterPreset[]>(`/filter-presets?categoryId=${categoryId}`, { signal }),
  })

type Done = { id: string; position: string }
export const createPreset = (body: CreateFilterPreset) => api.post<Done>('/filter-presets', body)
export const updatePreset = (id: string, body: UpdateFilterPreset) => api.patch<Done>(`/filter-presets/${id}`, body)
export const deletePreset = (id: string) => api.delete<Done>(`/filter-presets/${id}`)
