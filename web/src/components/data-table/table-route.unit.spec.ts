import { QueryClient, queryOptions } from '@tanstack/react-query'
import type { ListQuery } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { tableRoute, tableSearch } from './table-route'

/** A table whose rows answer when `release` is called, recording the list query each read was asked with. */
function slowTable() {
  const asked: ListQuery[] = []
  let release: () => void = () => {}
  const answered = new Promise<void>((resolve) => (release = resolve))
  const route = tableRoute(
    async () => (query: ListQuery) =>
      queryOptions({
        queryKey: ['table', query],
        queryFn: async () => {
          asked.push(query)
          await answered
          return { rows: [query.pagination.first] }
        },
      }),
  )
  return { route, asked, release: () => release() }
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))])

describe('a table route (validateSearch, loaderDeps, loader)', () => {
  const query = { pagination: { limit: 10, first: 20 }, sort: { field: 'name', direction: 'asc' }, filter: {} }

  it('keeps ?query= as it came, decoded where it is read, and loads again when it changes', () => {
    const { route } = slowTable()
    const fromUrl = (search: { query?: unknown }) => search as Parameters<typeof tableSearch>[0]
    expect(tableSearch(fromUrl({ query }))).toEqual({ query })
    expect(tableSearch(fromUrl({}))).toEqual({ query: undefined })
    expect(route.validateSearch).toBe(tableSearch)
    expect(route.loaderDeps({ search: { query: query as never } })).toEqual({ query })
  })

  it('reads the page the URL asks for, decoded with defaults for what is missing or unreadable', async () => {
    const { route, asked, release } = slowTable()
    release()
    const queryClient = new QueryClient()
    await route.loader({ context: { queryClient }, deps: { query: query as never }, cause: 'enter' })
    await route.loader({ context: { queryClient }, deps: { query: 'not json' as never }, cause: 'enter' })
    expect(asked).toEqual([
      { ...query, tableFilter: {} },
      { pagination: { limit: 5, first: 0 }, sort: { field: 'name', direction: 'desc' }, filter: {}, tableFilter: {} },
    ])
  })

  it('the first visit waits for its rows; paging on the screen (stay) does not', async () => {
    const first = slowTable()
    const enter = first.route.loader({ context: { queryClient: new QueryClient() }, deps: {}, cause: 'enter' })
    expect(await settled(enter)).toBe(false)
    first.release()
    expect(await settled(enter)).toBe(true)

    const paging = slowTable()
    const stay = paging.route.loader({ context: { queryClient: new QueryClient() }, deps: {}, cause: 'stay' })
    expect(await settled(stay)).toBe(true)
    paging.release()
  })
})
