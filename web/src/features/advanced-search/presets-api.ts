import { queryOptions } from '@tanstack/react-query'
import type { CreateFilterPreset, FilterPreset, UpdateFilterPreset } from '@crm/contracts'
import { api } from '../../lib/api'

export const presetKeys = { all: ['filter-presets'] as const }

export const presetsQueryOptions = () =>
  queryOptions({
    queryKey: presetKeys.all,
    queryFn: ({ signal }) => api.get<FilterPreset[]>('/filter-presets?categoryId=42', { signal }),
  })

type Done = { id: string; position: string }
export const createPreset = (body: CreateFilterPreset) => api.post<Done>('/filter-presets', body)
export const updatePreset = (id: string, body: UpdateFilterPreset) => api.patch<Done>(`/filter-presets/${id}`, body)
export const deletePreset = (id: string) => api.delete<Done>(`/filter-presets/${id}`)
