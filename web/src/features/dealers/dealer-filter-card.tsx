import { useEffect, useRef, useState } from 'react'
import { ChevronDown, X } from 'lucide-react'
import {
  checkDealerFilter,
  companyTypes,
  dealerFilterSchema,
  nationalities,
  organizationTypes,
  usStates,
  type DealerFilterField,
  type ListQuery,
} from '@crm/contracts'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { cn } from '../../lib/cn'

/** docs/product.md 9: table filters apply 500 ms after the last keystroke. */
const DEBOUNCE_MS = 500
const ANY = 'any'
type Values = Record<DealerFilterField, string>

const fields = Object.keys(dealerFilterSchema.shape) as DealerFilterField[]
const valuesOf = (filter: ListQuery['filter']): Values =>
  Object.fromEntries(
    fields.map((f) => [f, filter[f] === undefined || filter[f] === null ? '' : String(filter[f])]),
  ) as Values
const stateOptions = Object.fromEntries(usStates.map((s) => [s.code, `${s.code} ${s.name}`]))

/** The dealers filter card: every field of docs/product.md's Dealer filter, kept in the list query of the URL. */
export function DealerFilterCard({
  query,
  onQueryChange,
}: {
  query: ListQuery
  onQueryChange: (q: ListQuery) => void
}) {
  const [values, setValues] = useState(() => valuesOf(query.filter))
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 640)
  const latest = useRef({ query, onQueryChange })
  latest.current = { query, onQueryChange }
  const parsed = dealerFilterSchema.safeParse(
    Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')),
  )
  const errors: Partial<Record<string, string>> = parsed.success
    ? checkDealerFilter(parsed.data)
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]))
  const valid = Object.keys(errors).length === 0
  const serialized = valid ? JSON.stringify(parsed.data ?? {}) : null

  useEffect(() => {
    if (serialized === null) return
    const { query: current, onQueryChange: change } = latest.current
    if (serialized === JSON.stringify(current.filter)) return
    const timer = setTimeout(() => {
      change({
        ...current,
        filter: JSON.parse(serialized) as ListQuery['filter'],
        pagination: { ...current.pagination, first: 0 },
      })
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [serialized])

  const active = Object.values(values).filter((v) => v.trim() !== '').length
  const set = (field: DealerFilterField) => (value: string) => setValues((v) => ({ ...v, [field]: value }))
  const text = (field: DealerFilterField, label: string, type = 'text') => (
    <TextField
      id={`df-${field}`}
      label={label}
      type={type}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
    />
  )
  const select = (field: DealerFilterField, label: string, options: Record<string, string>) => (
    <SelectField
      id={`df-${field}`}
      label={label}
      value={values[field]}
      // A select item cannot have the empty value: "Any" clears the filter.
      onChange={(v) => set(field)(v === ANY ? '' : v)}
      options={{ [ANY]: 'Any', ...options }}
      placeholder="Any"
      error={errors[field]}
    />
  )

  return (
    <Card>
      <div className="flex items-center justify-between gap-2 px-4 py-1.5">
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="flex min-h-11 items-center gap-1.5 text-[13px] font-semibold sm:min-h-8"
        >
          <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} />
          Filters
          {active > 0 && (
            <span className="rounded-md bg-muted px-1.5 text-xs font-medium text-muted-foreground">{active}</span>
          )}
        </button>
        {active > 0 && (
          <Button variant="ghost" onClick={() => setValues(valuesOf({}))}>
            <X /> Clear
          </Button>
        )}
      </div>
      {open && (
        <div className="grid grid-cols-1 gap-x-3 gap-y-2.5 border-t px-4 py-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-6">
          {text('name', 'Name')}
          {text('businessPhone', 'Business phone', 'tel')}
          {text('addressZip', 'Zip code')}
          {select('organizationTypeId', 'Organization type', organizationTypes)}
          {text('dotNumber', 'US DOT')}
          {text('mcNumber', 'MC number')}
          {select('addressState', 'State', stateOptions)}
          {text('numberOfTrucksFrom', '# of trucks from', 'number')}
          {text('numberOfTrucksTo', '# of trucks to', 'number')}
          {text('ownerName', 'Company owner')}
          {select('nationalityId', 'Preferred language', nationalities)}
          {select('companyTypeId', 'Company type', companyTypes)}
          {text('email', 'Email')}
          {text('lastContactDateFrom', 'Last contact from', 'date')}
          {text('lastContactDateTo', 'Last contact to', 'date')}
          {text('lastMeetingDateFrom', 'Last meeting from', 'date')}
          {text('lastMeetingDateTo', 'Last meeting to', 'date')}
        </div>
      )}
    </Card>
  )
}
