import { createRoute, lazyRouteComponent, type SearchSchemaInput } from '@tanstack/react-router'
import { createElement } from 'react'
import { contactListNames, type ContactListName } from '@crm/contracts'
import { decodeListQuery, toSearchValue } from '../../components/data-table/list-query-codec'
import { appRoute } from '../shell/app-route'

// `?query={pagination, sort, filter}` as JSON (docs/product.md section 2); anything unreadable falls back to defaults.
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: toSearchValue(decodeListQuery(search.query)),
})

// One page module for every list; each route binds it to its own list once the module has loaded.
const listPage = (list: ContactListName | null) =>
  lazyRouteComponent(() =>
    import('./contact-list-page').then(({ ContactListPage }) => ({
      default: () => createElement(ContactListPage, { list }),
    })),
  )

const listRoute = (path: string, list: ContactListName | null) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch,
    component: listPage(list),
  })

/**
 * /<list-name> for each list of docs/product.md section 2. /contacts belongs to the contacts feature; its list
 * (All Contacts) is also at /all-contacts here, with the bulk actions. /master-data-table/ shows Advanced
 * Search results (opened in a new tab).
 */
export const contactListRoutes = [
  ...contactListNames.filter((name) => name !== 'contacts').map((name) => listRoute(name, name)),
  listRoute('all-contacts', 'contacts'),
  listRoute('master-data-table', null),
]
