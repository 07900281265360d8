import { EXECUTIVE_DIVISION_ID, reportRanges, seesOtherUsers, worksAcrossDivisions } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { UserSelect } from '../../components/user-select/user-select'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { useAllowed } from '../../lib/permissions'
import { useDivisionId } from '../../lib/session-store'
import type { SalesMetricFilters } from './reports-api'

const CUSTOM = 'custom'
const ALL = 'all'

type Period = Pick<SalesMetricFilters, 'range' | 'dateFrom' | 'dateTo'>

/** A period the server can answer: a range, or both days. */
export const periodComplete = (f: Period) => f.range !== undefined || Boolean(f.dateFrom && f.dateTo)

/** The period select (report periods 1-8 or custom dates) and, for custom, the two days. */
export function PeriodFields<F extends Period>({ id, filters, go }: { id: string; filters: F; go: (f: F) => void }) {
  const custom = filters.range === undefined
  const setPeriod = (value: string) =>
    value === CUSTOM
      ? go({ ...filters, range: undefined, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' })
      : go({ ...filters, range: Number(value), dateFrom: undefined, dateTo: undefined })
  return (
    <>
      <SelectField
        id={`${id}-period`}
        label="Period"
        value={custom ? CUSTOM : String(filters.range)}
        onChange={setPeriod}
        options={{ ...reportRanges, [CUSTOM]: 'Custom dates' }}
      />
      {custom && (
        <>
          <TextField
            id={`${id}-date-from`}
            label="From date"
            type="date"
            value={filters.dateFrom ?? ''}
            onChange={(v) => go({ ...filters, dateFrom: v })}
          />
          <TextField
            id={`${id}-date-to`}
            label="To date"
            type="date"
            value={filters.dateTo ?? ''}
            onChange={(v) => go({ ...filters, dateTo: v })}
          />
        </>
      )}
    </>
  )
}

/**
 * The division a report covers, for executives (everyone else reads the division they work in). `all` offers
 * every division at once where the report can answer it.
 */
export function DivisionField(props: {
  id: string
  value: number | undefined
  onChange: (divisionId: number | undefined) => void
  all?: boolean
}) {
  const acrossDivisions = useAllowed(worksAcrossDivisions)
  // Without a division asked, a report reads the one the switcher is on (the server does the same).
  const current = useDivisionId()
  const { data: divisions } = useQuery({ ...divisionsForSelectQueryOptions(), enabled: acrossDivisions })
  if (!acrossDivisions) return null
  const options = Object.fromEntries(
    (divisions ?? []).filter((d) => d.id !== EXECUTIVE_DIVISION_ID).map((d) => [String(d.id), d.name]),
  )
  // The Executive division is not offered: on it, a report reads the first other division (the server does too).
  const currentOrFirst = current === EXECUTIVE_DIVISION_ID ? (Object.keys(options)[0] ?? '') : String(current ?? '')
  return (
    <SelectField
      id={`${props.id}-division`}
      label="Division"
      value={props.value ? String(props.value) : props.all ? ALL : currentOrFirst}
      onChange={(v) => props.onChange(v === ALL || v === '' ? undefined : Number(v))}
      options={props.all ? { [ALL]: 'All divisions', ...options } : options}
    />
  )
}

/** One user's numbers, for those who read others' (managers their team, executives everyone). */
export function UserField(props: { id: string; value: string | undefined; onChange: (userId?: string) => void }) {
  const seesOthers = useAllowed(seesOtherUsers)
  if (!seesOthers) return null
  return (
    <FormField id={`${props.id}-user`} label="Salesperson">
      <UserSelect
        id={`${props.id}-user`}
        label="Salesperson"
        placeholder="Everyone"
        value={props.value ?? null}
        onChange={(v) => props.onChange(v ?? undefined)}
        clearable
      />
    </FormField>
  )
}

/** A card of whose-numbers filters, shown only to those who read more than their own. */
export function ScopeFilters({ children }: { children: ReactNode }) {
  const shown = useAllowed((caller) => seesOtherUsers(caller) || worksAcrossDivisions(caller))
  return shown ? <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3">{children}</Card> : null
}

/** In place of a report whose custom period misses a day (docs/product.md 5, verbatim). */
export function SelectDateRange() {
  return (
    <Card role="alert" className="p-6 text-center text-danger">
      Please select date range!
    </Card>
  )
}
