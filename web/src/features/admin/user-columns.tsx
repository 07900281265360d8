import { createColumnHelper } from '@tanstack/react-table'
import type { User } from '@crm/contracts'
import { DivisionName } from '../../components/division-name'

export const userColumn = createColumnHelper<User>()

/** The columns every users table starts with (Users, My team): the name over the email, then the division. */
export const userColumns = [
  userColumn.accessor('name', {
    header: 'Name',
    cell: ({ row: { original: u } }) => (
      <>
        <p className="font-medium">{u.name}</p>
        <p className="text-xs text-muted-foreground">{u.email}</p>
      </>
    ),
    meta: { card: 'title' },
  }),
  userColumn.accessor('divisionName', {
    header: 'Division',
    cell: ({ row: { original: u } }) => u.divisionName ?? <DivisionName id={u.divisionId} />,
    meta: { card: 1 },
  }),
]
