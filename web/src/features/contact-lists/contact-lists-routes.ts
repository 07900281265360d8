import { createRoute, type SearchSchemaInput } from '@tanstack/react-router'
import { createElement } from 'react'
import { contactListNames, type ContactListName } from '@crm/contracts'
import { decodeListQuery, toSearchValue } from '../../components/data-table/list-query-codec'
import { appRoute } from '../shell/app-route'
import { ContactListPage } from './contact-list-page'

// `?query={pagination, sort, filter}` as JSON (docs/product.md section 2); anything unreadable falls back to defaults.
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: toSearchValue(decodeListQuery(search.query)),
})

const listRoute = (path: string, list: ContactListName | null) =>
  createRoute({
    getParentRoute: () => appRoute,
    path,
    validateSearch,
    component: () => createElement(ContactListPage, { list }),
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
