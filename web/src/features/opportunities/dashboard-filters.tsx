import {
  ALL_SALESPEOPLE,
  EXECUTIVE_DIVISION_ID,
  seesWholeDivision,
  worksAcrossDivisions,
  type DashboardQuery,
} from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { UserSelect } from '../../components/user-select/user-select'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { useAllowed } from '../../lib/permissions'
import { useSession } from '../../lib/session-store'

const ALL_OPTION = { value: ALL_SALESPEOPLE, label: 'All salespeople' }

/**
 * Division, salesperson and range. Executives pick any division, everyone else works in theirs; without the
 * manager permission the salesperson is fixed to oneself (docs/product.md 5 and 6).
 */
export function DashboardFilters(props: {
  search: DashboardQuery
  errors: Record<string, string>
  onChange: (search: DashboardQuery) => void
}) {
  const { search, errors, onChange } = props
  const user = useSession()?.user
  const acrossDivisions = useAllowed(worksAcrossDivisions)
  const managesOthers = useAllowed(seesWholeDivision)
  const { data: divisions } = useSuspenseQuery(divisionsForSelectQueryOptions())
  const set = (key: keyof DashboardQuery) => (value: string) => onChange({ ...search, [key]: value })
  const choices = (divisions ?? []).filter(
    (d) => d.id !== EXECUTIVE_DIVISION_ID && (acrossDivisions || String(d.id) === search.divisionId),
  )
  return (
    <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        id="od-division"
        label="Division"
        required
        value={search.divisionId ?? ''}
        onChange={set('divisionId')}
        disabled={!acrossDivisions}
        placeholder="Select division"
        options={Object.fromEntries(choices.map((d) => [d.id, d.name]))}
        error={errors.divisionId}
      />
      <FormField id="od-salesperson" label="Salesperson" required error={errors.userId}>
        <UserSelect
          id="od-salesperson"
          label="Salesperson"
          placeholder="Select salesperson"
          value={search.userId || null}
          onChange={(v) => set('userId')(v ?? '')}
          locked={!managesOthers && user ? { id: user.userId, name: user.name } : undefined}
          extraOptions={managesOthers ? [ALL_OPTION] : []}
          clearable
          invalid={Boolean(errors.userId)}
        />
      </FormField>
      <TextField
        id="od-date-from"
        label="From date"
        type="date"
        required
        value={search.dateFrom ?? ''}
        onChange={set('dateFrom')}
        error={errors.dateFrom}
      />
      <TextField
        id="od-date-to"
        label="To date"
        type="date"
        required
        value={search.dateTo ?? ''}
        onChange={set('dateTo')}
      />
    </Card>
  )
}
