import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { createElement } from 'react'
import { contactListNames, type ContactListName } from '@crm/contracts'
import { tableRoute, tableSearch } from '../../components/data-table/table-route'
import { getDivisionId } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

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
    ...tableRoute(async () => {
      const { contactListQueryOptions } = await import('./contact-lists-api')
      return (query) => contactListQueryOptions({ list }, query, getDivisionId())
    }),
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
    validateSearch: tableSearch,
    beforeLoad: ({ search }) => {
      throw redirect({ to: '/contacts', search, replace: true })
    },
  }),
]
