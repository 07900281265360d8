import { EXPECTATION_DAYS, expectationPeriods, type ExpectationPeriod } from '@crm/contracts'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import type { FieldErrors } from '../../lib/field-errors'
import { withPeriodChanged, type ExpectationValues } from './expectation-values'

const labels: Record<ExpectationPeriod, string> = {
  day: 'Per day',
  week: 'Per week',
  month: 'Per month',
  year: 'Per year',
}

export function ExpectationFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string
  values: ExpectationValues
  errors: FieldErrors
  onChange: (next: ExpectationValues) => void
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
        Expectations
      </legend>
      <div className="grid grid-cols-4 gap-3">
        {expectationPeriods.map((period) => {
          const id = `${idPrefix}-expectations-${period}`
          const error = errors[`expectations.${period}`]
          return (
            <FormField key={period} id={id} label={labels[period]} error={error}>
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="tabular"
                value={values[period]}
                onChange={(e) => onChange(withPeriodChanged(values, period, e.target.value))}
                {...invalidProps(id, error)}
              />
            </FormField>
          )
        })}
      </div>
      <p className="text-xs text-muted-foreground">
        The daily target fills the others ({EXPECTATION_DAYS.week} days a week, {EXPECTATION_DAYS.month} a month,{' '}
        {EXPECTATION_DAYS.year} a year); each can be changed on its own.
      </p>
    </fieldset>
  )
}
