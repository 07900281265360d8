import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listOptionsQuery } from './list-options'

const filter = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Invalid month')
    .optional(),
})
const problems = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])

describe('listOptionsQuery', () => {
  const dated = listOptionsQuery({
    sortFields: ['date', 'amount'],
    defaultSort: { field: 'date', direction: 'desc' },
    filter,
  })
  const named = listOptionsQuery({
    sortFields: ['name', 'state'],
    filter,
    checkFilter: (f): Record<string, string> => (f.month === '2020-01' ? { month: 'Too early' } : {}),
  })

  it("takes the lists' shared default (name) as the list's own default sort, either direction", () => {
    const parsed = dated.parse({ sort: { field: 'name', direction: 'asc' } })
    expect(parsed.sort).toEqual({ field: 'date', direction: 'desc' })
    expect(dated.parse({}).sort).toEqual({ field: 'date', direction: 'desc' })
    expect(dated.parse({ sort: { field: 'amount', direction: 'asc' } }).sort).toEqual({
      field: 'amount',
      direction: 'asc',
    })
  })

  it('refuses any other sort by name, at sort.field, with or without a default sort', () => {
    expect(problems(dated.safeParse({ sort: { field: 'toString', direction: 'asc' } }))).toEqual([
      ['sort.field', 'Cannot sort by toString'],
    ])
    expect(problems(named.safeParse({ sort: { field: 'date', direction: 'asc' } }))).toEqual([
      ['sort.field', 'Cannot sort by date'],
    ])
  })

  it('reports each filter problem at filter.<key>, leaves empty values out, and checks across fields', () => {
    expect(problems(dated.safeParse({ filter: { month: 'May', color: 'red' } }))).toEqual([
      ['filter.month', 'Invalid month'],
      ['filter.color', 'Unknown filter'],
    ])
    expect(dated.parse({ filter: { month: '', other: null } }).filter).toEqual({})
    expect(problems(named.safeParse({ filter: { month: '2020-01' } }))).toEqual([['filter.month', 'Too early']])
  })
})
