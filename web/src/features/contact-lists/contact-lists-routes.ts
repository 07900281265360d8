import { createRoute, lazyRouteComponent, redirect, type SearchSchemaInput } from '@tanstack/react-router'
import { createElement } from 'react'
import { contactListNames, type ContactListName } from '@crm/contracts'
import type { UrlListQuery } from '../../components/data-table/list-query-codec'
import { getDivisionId } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

// `?query={pagination, sort, filter}` as JSON (docs/product.md section 2). It is checked where it is read (the
// loader and useListQuery decode it with the contracts' schema; anything unreadable falls back to defaults), not
// here: route files are part of the first download, which carries no zod (docs/decisions/014).
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: search.query as UrlListQuery | undefined,
})

// One page module for every list; each route binds it to its own list once the module has loaded.
const listPage = (list: ContactListName | null) =>
  lazyRouteComponent(() =>
    import('./contact-list-page').then(({ ContactListPage }) => ({
      default: () => createElement(ContactListPage, { list }),
    })),
  )

const listRoute = <Path extends string>(path: Path, list: ContactListName | null) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch,
    loaderDeps: ({ search }) => ({ query: search.query }),
    // The first visit waits for its page of rows. Paging, sorting and filtering on the screen ('stay') do not:
    // the table keeps the rows it shows (placeholderData) until the next page arrives.
    loader: async ({ context: { queryClient }, deps, cause }) => {
      const [{ contactListQueryOptions }, { decodeListQuery }] = await Promise.all([
        import('./contact-lists-api'),
        import('../../components/data-table/list-query-codec'),
      ])
      const rows = queryClient.ensureQueryData(
        contactListQueryOptions({ list }, decodeListQuery(deps.query), getDivisionId()),
      )
      if (cause !== 'stay') await rows
    },
    component: listPage(list),
  })

/** /contacts: All Contacts, the contacts screen (New contact, the status filter, every bulk action). */
export const contactsRoute = listRoute('contacts', 'contacts')

/**
 * /<list-name> for each other list of docs/product.md section 2. /master-data-table/ shows Advanced Search
 * results (opened in a new tab). /all-contacts was All Contacts before /contacts became that list: its links
 * still open it.
 */
export const contactListRoutes = [
  ...contactListNames.filter((name) => name !== 'contacts').map((name) => listRoute(name, name)),
  listRoute('master-data-table', null),
  createRoute({
    getParentRoute: () => appRoute,
    path: 'all-contacts',
    validateSearch,
    beforeLoad: ({ search }) => {
      throw redirect({ to: '/contacts', search, replace: true })
    },
  }),
]
