import type { CreditApplicationListName, FieldKind } from '@crm/contracts'

export interface ListColumn {
  key: string
  label: string
  kind: FieldKind
}
export interface ListSpec {
  key: CreditApplicationListName
  title: string
  /** One row's name, for buttons ('Add loan', 'Edit loan 2'). */
  noun: string
  columns: ListColumn[]
}

const c = (key: string, label: string, kind: FieldKind = 'text'): ListColumn => ({ key, label, kind })

/** Loans, owners, residences and references inside an application: their columns, in the page's order. */
export const applicationListSpecs: ListSpec[] = [
  {
    key: 'loans',
    title: 'Loans',
    noun: 'loan',
    columns: [
      c('lender', 'Lender'),
      c('amount', 'Amount', 'money'),
      c('monthlyPayment', 'Monthly', 'money'),
      c('balance', 'Balance', 'money'),
      c('paidOff', 'Paid off', 'flag'),
    ],
  },
  {
    key: 'owners',
    title: 'Owners',
    noun: 'owner',
    columns: [
      c('name', 'Name'),
      c('ownershipPercent', 'Ownership %', 'count'),
      c('phone', 'Phone'),
      c('email', 'Email'),
    ],
  },
  {
    key: 'residences',
    title: 'Residences',
    noun: 'residence',
    columns: [
      c('street', 'Street'),
      c('city', 'City'),
      c('state', 'State'),
      c('zip', 'Zip'),
      c('years', 'Years', 'count'),
      c('owned', 'Owned', 'flag'),
    ],
  },
  {
    key: 'references',
    title: 'References',
    noun: 'reference',
    columns: [c('name', 'Name'), c('phone', 'Phone'), c('relationship', 'Relationship')],
  },
]
