import { Link } from '@tanstack/react-router'
import { Truck } from 'lucide-react'
import { LOGISTICS_DIVISION_ID, worksAcrossDivisions } from '@crm/contracts'
import { useDivisionId, useSession } from '../../lib/session-store'

/** The side navigation's link to the logistics customers: for the logistics division and those who switch divisions. */
export function LogisticsNavLink() {
  const divisionId = useDivisionId()
  const session = useSession()
  const permissions = session?.user.permissions ?? []
  if (divisionId !== LOGISTICS_DIVISION_ID && !worksAcrossDivisions({ permissions })) return null
  return (
    <Link
      to={'/customer-logistics/all-customers' as '/'}
      className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground lg:h-8"
      activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
    >
      <Truck className="size-4 text-muted-foreground" />
      Logistics Customers
    </Link>
  )
}
