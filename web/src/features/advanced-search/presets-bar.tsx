import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { FilterPreset } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { notify } from '../../lib/notify'
import type { FormValues } from './filter-values'
import {
  createPreset,
  deletePreset,
  presetKeys,
  presetsQueryOptions,
  updatePreset,
  type FilterCategory,
} from './presets-api'

type Props = { values: FormValues; onLoad: (preset: FilterPreset) => void; categoryId: FilterCategory }

/** The user's saved presets: load one, save the current filters as a new one, rename, delete. */
export function PresetsBar({ values, onLoad, categoryId }: Props) {
  const presets = useQuery(presetsQueryOptions(categoryId))
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState('')
  const [name, setName] = useState('')
  const current = presets.data?.find((p) => p.id === selected)
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''))
  const refresh = () => queryClient.invalidateQueries({ queryKey: presetKeys.all })
  const save = async () => {
    if (!name.trim()) return notify.error('Please enter a name')
    const { id } = await createPreset({
      name,
      categoryId,
      enabledFilterNames: Object.keys(filled) as never,
      filter: filled,
    })
    notify.success('Data is saved')
    await refresh()
    setSelected(id)
  }
  const rename = async () => {
    if (!current || !name.trim()) return notify.error('Please enter a name')
    await updatePreset(current.id, { name, enabledFilterNames: Object.keys(filled) as never, filter: filled })
    notify.success('Data is saved')
    await refresh()
  }
  const remove = async () => {
    if (!current) return
    await deletePreset(current.id)
    setSelected('')
    await refresh()
  }
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md border bg-subtle p-2.5">
      <label className="flex flex-col gap-1 text-xs font-medium">
        Saved preset
        <select
          aria-label="Saved preset"
          className="h-8 min-w-48 rounded-md border bg-surface px-2 text-sm"
          value={selected}
          onChange={(e) => {
            setSelected(e.target.value)
            const preset = presets.data?.find((p) => p.id === e.target.value)
            if (preset) {
              setName(preset.name)
              onLoad(preset)
            }
          }}
        >
          <option value="">—</option>
          {presets.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium">
        Preset name
        <Input aria-label="Preset name" className="h-8 w-48" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <Button size="sm" onClick={() => void save()}>
        Save as new preset
      </Button>
      <Button size="sm" disabled={!current} onClick={() => void rename()}>
        Rename / update
      </Button>
      <Button size="sm" variant="ghost" disabled={!current} onClick={() => void remove()}>
        Delete preset
      </Button>
      {current && (
        <p className="w-full text-xs text-muted-foreground">
          Enabled filters: {current.enabledFilterNames.join(', ') || 'none'}
        </p>
      )}
    </div>
  )
}
