import { useState } from 'react'
import type { ListQuery } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { notify } from '../../lib/notify'
import { getSession } from '../../lib/session-store'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { filterGroups, type FilterField } from './filter-groups'
import { disabledField, toFilter, toFormValues, type FormValues } from './filter-values'
import { PresetsBar } from './presets-bar'
import type { FilterCategory } from './presets-api'
import { DivisionFilterField } from './division-filter-field'
import { UserFilterField } from './user-filter-field'

export type Props = {
  query: ListQuery
  onApply: (next: ListQuery) => void
  divisionImplied: boolean
  /** 24: the email marketing filters (their own presets; the results feed a marketing send, not a table). */
  categoryId?: FilterCategory
}

function Field({
  field,
  values,
  set,
  error,
}: {
  field: FilterField
  values: FormValues
  set: (v: string) => void
  error?: string
}) {
  const id = `as-${field.name}`
  const disabled = disabledField(field.name, values)
  const common = { id, disabled, 'aria-invalid': error ? true : undefined, value: values[field.name] ?? '' }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {field.label}
      </label>
      {field.kind === 'user' ? (
        <UserFilterField
          id={id}
          field={field}
          value={values[field.name] ?? ''}
          set={set}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      ) : field.kind === 'division' ? (
        <DivisionFilterField
          id={id}
          value={values[field.name] ?? ''}
          set={set}
          disabled={disabled}
          invalid={Boolean(error)}
        />
      ) : field.kind === 'select' ? (
        <select
          {...common}
          className="h-8 rounded-md border bg-surface px-2 text-sm disabled:opacity-50"
          onChange={(e) => set(e.target.value)}
        >
          <option value="">Any</option>
          {Object.entries(field.options ?? {}).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <Input
          {...common}
          className="h-8"
          type={field.kind === 'text' ? 'text' : field.kind}
          // docs/product.md section 5: trucks "to" cannot go below "from".
          min={
            field.name === 'numberOfTrucksTo' ? values.numberOfTrucksFrom || 0 : field.kind === 'number' ? 0 : undefined
          }
          onChange={(e) => set(e.target.value)}
        />
      )}
      {error && <p className="text-xs text-danger">{error}</p>}
    </div>
  )
}

/** Advanced Search: six filter groups, saved presets, results here or in /master-data-table/ in a new tab. */
export function AdvancedSearch({ props, close }: ModalComponentProps<Props>) {
  const [values, setValues] = useState<FormValues>(() => toFormValues(props.query.filter))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const marketing = props.categoryId === 24
  const permissions = getSession()?.user.permissions ?? []
  const allowed = (f: FilterField) =>
    !f.permission || permissions.includes(f.permission) || permissions.includes('admin')
  const build = (): ListQuery | null => {
    const result = toFilter(values, { divisionImplied: props.divisionImplied })
    if ('errors' in result) {
      setErrors(result.errors)
      for (const message of new Set(Object.values(result.errors))) notify.error(message)
      return null
    }
    return { ...props.query, filter: result.filter, pagination: { ...props.query.pagination, first: 0 } }
  }
  const apply = () => {
    const next = build()
    if (next) {
      props.onApply(next)
      close()
    }
  }
  const openInNewTab = () => {
    const next = build()
    if (next) window.open(`/master-data-table/?query=${encodeURIComponent(JSON.stringify(next))}`, '_blank', 'opener')
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <PresetsBar
          values={values}
          categoryId={marketing ? 24 : 42}
          onLoad={(p) => setValues(toFormValues(p.filter))}
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {filterGroups.map((group) => (
            <fieldset key={group.title} className="rounded-md border p-3">
              <legend className="px-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
                {group.title}
              </legend>
              <div className="grid grid-cols-2 gap-2.5">
                {group.fields.filter(allowed).map((field) => (
                  <Field
                    key={field.name}
                    field={field}
                    values={values}
                    error={errors[field.name]}
                    set={(v) => setValues((prev) => ({ ...prev, [field.name]: v }))}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="ghost" onClick={() => setValues({})}>
          Clear
        </Button>
        {!marketing && <Button onClick={openInNewTab}>Open results in new tab</Button>}
        <Button variant="primary" onClick={apply}>
          {marketing ? 'Use these filters' : 'Search'}
        </Button>
      </ModalFooter>
    </>
  )
}
