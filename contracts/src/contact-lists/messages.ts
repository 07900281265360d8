/** Messages of the contact lists, Advanced Search and bulk actions (docs/product.md sections 5 and 8), verbatim. */
export const contactListMessages = {
  selectContactToAssign: 'Please Select Contact',
  selectContactsToUnassign: 'Please select contacts',
  selectUser: 'Please select User',
  noContactsSelected: 'No contacts selected',
  unableToSelect: 'Unable to select',
  divisionRequired: 'Division filter field must be entered',
  zipRequired: 'Zip code must be provided!',
  radiusRequired: 'Distance Radius must be provided!',
  selectTwoOrMore: 'Please select two or more contacts',
  // Not in docs/product.md; the API needs them. Plain and short.
  trucksToBelowFrom: "Trucks 'to' must be at least 'from'",
  notForExecutiveDivision: 'Not available for division 1',
  unknownZip: 'Unknown zip code',
  notAllowedFilter: 'You are not allowed to use this filter',
  countTimedOut: 'Counting took too long: narrow the filters to count exactly',
} as const
