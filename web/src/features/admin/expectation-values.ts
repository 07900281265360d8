import { expectationPeriods, expectationsFromDay, type ExpectationPeriod, type UserExpectations } from '@crm/contracts'

export type ExpectationValues = Record<ExpectationPeriod, string>

/** A user's stored targets as form values (blank where none is set). */
export function expectationValuesOf(stored: Record<string, unknown> | undefined): ExpectationValues {
  const value = (period: ExpectationPeriod) => {
    const n = stored?.[period]
    return typeof n === 'number' ? String(n) : ''
  }
  return { day: value('day'), week: value('week'), month: value('month'), year: value('year') }
}

/** Form values → the API's targets; blanks are left out, anything else goes to the schema as a number. */
export function toExpectations(values: ExpectationValues): UserExpectations {
  return Object.fromEntries(
    expectationPeriods.filter((p) => values[p].trim() !== '').map((p) => [p, Number(values[p])]),
  ) as UserExpectations
}

/**
 * docs/product.md section 9: a week is 5 working days, a month 20, a year 250. Entering the daily target fills the
 * other three; each can still be changed on its own afterwards.
 */
export function withPeriodChanged(
  values: ExpectationValues,
  period: ExpectationPeriod,
  raw: string,
): ExpectationValues {
  if (period !== 'day') return { ...values, [period]: raw }
  const day = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(day)) return { ...values, day: raw }
  const filled = expectationsFromDay(day)
  return { day: raw, week: String(filled.week), month: String(filled.month), year: String(filled.year) }
}
