import {
  companyTypes,
  contactStatusNames,
  distanceRanges,
  effortLevels,
  grades,
  organizationTypes,
  type ContactFilterField,
} from '@crm/contracts'

/**
 * `user`: an async select of users whose value is the user id (saved presets keep ids); `division`: a select of
 * the divisions by name.
 */
export type FieldKind = 'text' | 'number' | 'date' | 'select' | 'user' | 'division'
export interface FilterField {
  name: ContactFilterField
  label: string
  kind: FieldKind
  options?: Record<string, string>
  /** Permission that shows the field (docs/product.md section 6). */
  permission?: string
}
export interface FilterGroup {
  title: string
  fields: FilterField[]
}

const yesNo = { 1: 'Yes', 2: 'No' }
const included = { 1: 'Included', 2: 'Not Included' }

/** Advanced Search's six filter groups by category (docs/product.md sections 2 and 3, contacts category 42). */
export const filterGroups: FilterGroup[] = [
  {
    title: 'Company',
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'dba', label: 'DBA', kind: 'text' },
      { name: 'mcNumber', label: 'MC Number', kind: 'text' },
      { name: 'dotNumber', label: 'US DOT', kind: 'text' },
      { name: 'organizationTypeId', label: 'Organization Type', kind: 'select', options: organizationTypes },
      { name: 'companyTypeId', label: 'Company Type', kind: 'select', options: companyTypes },
      { name: 'operatingStatus', label: 'Operating Status', kind: 'text' },
      { name: 'isExYu', label: 'Ex-Yu', kind: 'select', options: yesNo, permission: 'executive' },
    ],
  },
  {
    title: 'Dates',
    fields: [
      { name: 'creationDateFrom', label: 'Created from', kind: 'date' },
      { name: 'creationDateTo', label: 'Created to', kind: 'date' },
      { name: 'importDateFrom', label: 'Imported from', kind: 'date' },
      { name: 'importDateTo', label: 'Imported to', kind: 'date' },
      { name: 'lastContactDateFrom', label: 'Last contact from', kind: 'date' },
      { name: 'lastContactDateTo', label: 'Last contact to', kind: 'date' },
    ],
  },
  {
    title: 'Fleet and revenue',
    fields: [
      { name: 'numberOfTrucksFrom', label: 'Trucks from', kind: 'number' },
      { name: 'numberOfTrucksTo', label: 'Trucks to', kind: 'number' },
      { name: 'estimatedRevenueFrom', label: 'Estimated revenue from', kind: 'number' },
      { name: 'estimatedRevenueTo', label: 'Estimated revenue to', kind: 'number' },
    ],
  },
  {
    title: 'Location',
    fields: [
      { name: 'city', label: 'City', kind: 'text' },
      { name: 'state', label: 'State', kind: 'text' },
      { name: 'zip', label: 'Zip code', kind: 'text' },
      {
        name: 'distance',
        label: 'Distance (miles)',
        kind: 'select',
        options: Object.fromEntries(distanceRanges.map((r) => [r, r])),
      },
    ],
  },
  {
    title: 'Sales',
    fields: [
      { name: 'divisionId', label: 'Division', kind: 'division' },
      { name: 'statusId', label: 'Status', kind: 'select', options: contactStatusNames },
      { name: 'assigned', label: 'Assigned', kind: 'user' },
      { name: 'salesperson', label: 'Salesperson', kind: 'user', permission: 'manager' },
      { name: 'effortLevel', label: 'Effort Level', kind: 'select', options: effortLevels },
      { name: 'grade', label: 'Grade', kind: 'select', options: grades },
      { name: 'sourceId', label: 'Source', kind: 'number' },
      { name: 'redFlag', label: 'Red Flag', kind: 'select', options: included },
    ],
  },
  {
    title: 'Divisions',
    fields: [
      {
        name: 'divisionAccounts',
        label: 'Division Accounts',
        kind: 'division',
        permission: 'view-all-division-accounts',
      },
      { name: 'divisionLeads', label: 'Division Leads', kind: 'division' },
    ],
  },
]
