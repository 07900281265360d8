import { Link } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'

/** The side-nav entry of the Reports section: managers read their team, executives everyone, reps themselves. */
export function ReportsNavLink() {
  return (
    <Link
      to="/reports"
      className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] lg:h-8 font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground"
      activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
    >
      <ChartColumn className="size-4 text-muted-foreground" />
      Reports
    </Link>
  )
}
