import {
  checkDealerFilter,
  dealerFilterSchema,
  dealerSortFields,
  type DealerFilter,
  type DealerSortField,
} from '@crm/contracts'
import { z } from 'zod'
import { listOptionsParam, listOptionsQuery, type ListOptions } from '../common/list-options'

export type DealerOptions = ListOptions<DealerSortField, DealerFilter>

/** The list query of the dealers table: its filter card's fields, checked field by field and across fields. */
const dealerList = { sortFields: dealerSortFields, filter: dealerFilterSchema }

/** `?options=<JSON>` as the web keeps it in its URL, like the contacts table. */
export const dealerListParams = z.object({
  options: listOptionsParam(
    dealerList,
    listOptionsQuery({ ...dealerList, checkFilter: checkDealerFilter }),
    'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{<dealer filter card fields>}}',
  ),
})
