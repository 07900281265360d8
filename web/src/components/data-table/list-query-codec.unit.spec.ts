import { describe, expect, it } from 'vitest'
import {
  decodeListQuery,
  defaultListQuery,
  encodeListOptions,
  pageCount,
  toSearchValue,
  withFilter,
  withPage,
  withPageSize,
  withSort,
} from './list-query-codec'

const sample = {
  pagination: { limit: 10, first: 20 },
  sort: { field: 'state', direction: 'asc' },
  filter: { name: 'acme', statusId: 2 },
}

describe('list query in the URL', () => {
  it('defaults to 5 rows from the first, sorted by name descending, unfiltered', () => {
    expect(decodeListQuery(undefined)).toEqual({
      pagination: { limit: 5, first: 0 },
      sort: { field: 'name', direction: 'desc' },
      filter: {},
      tableFilter: {},
    })
  })

  it('reads the parsed object and the raw JSON string alike', () => {
    expect(decodeListQuery(sample)).toMatchObject(sample)
    expect(decodeListQuery(JSON.stringify(sample))).toMatchObject(sample)
  })

  it('round-trips through the search value', () => {
    const query = decodeListQuery(sample)
    expect(decodeListQuery(JSON.parse(JSON.stringify(toSearchValue(query))))).toEqual(query)
    expect(toSearchValue(query)).not.toHaveProperty('tableFilter')
  })

  it('repairs a broken part without losing the others', () => {
    const query = decodeListQuery({ ...sample, pagination: { limit: 7, first: 0 } })
    expect(query.pagination).toEqual({ limit: 5, first: 0 })
    expect(query.filter).toEqual(sample.filter)
    expect(decodeListQuery('{not json').sort).toEqual({ field: 'name', direction: 'desc' })
  })

  it('encodes the options parameter as URL-encoded JSON', () => {
    const query = defaultListQuery()
    expect(JSON.parse(decodeURIComponent(encodeListOptions(query)))).toEqual(query)
  })
})

describe('table state changes', () => {
  const query = decodeListQuery(sample)

  it('resets paging when the sort changes', () => {
    expect(withSort(query, 'name', 'desc')).toMatchObject({
      sort: { field: 'name', direction: 'desc' },
      pagination: { first: 0, limit: 10 },
    })
  })

  it('resets paging when a filter changes and drops emptied filters', () => {
    const next = withFilter(query, 'name', '')
    expect(next.filter).toEqual({ statusId: 2 })
    expect(next.pagination.first).toBe(0)
    expect(withFilter(query, 'statusId', 3).filter).toEqual({ name: 'acme', statusId: 3 })
  })

  it('moves between pages by whole pages', () => {
    expect(withPage(query, 3).pagination).toEqual({ limit: 10, first: 30 })
    expect(withPage(query, -1).pagination.first).toBe(0)
  })

  it('keeps the first visible row when the page size changes', () => {
    expect(withPageSize(query, 50).pagination).toEqual({ limit: 50, first: 0 })
    expect(withPageSize({ ...query, pagination: { limit: 5, first: 15 } }, 10).pagination).toEqual({
      limit: 10,
      first: 10,
    })
  })

  it('counts pages, with at least one', () => {
    expect(pageCount(0, 5)).toBe(1)
    expect(pageCount(11, 5)).toBe(3)
  })
})
