import { readsDivisionReports } from '@crm/contracts'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useAllowed } from '../../lib/permissions'

const tabs = [
  { to: '/reports', label: 'Sales metrics' },
  { to: '/reports/activity-summaries', label: 'Activity summaries' },
  { to: '/reports/account-insights', label: 'Account insights' },
  { to: '/reports/us-map', label: 'US map' },
  { to: '/reports/tasks', label: 'Tasks and follow-ups' },
] as const
/** A division's reports beyond one's own numbers: for managers, analysts and executives. */
const divisionTabs = [{ to: '/reports/lead-to-account', label: 'Lead to Account' }] as const

/** The Reports section: its screens as tabs, the page's title and what it shows, then the page. */
export function ReportPage(props: { title: string; intro: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const divisionReports = useAllowed(readsDivisionReports)
  return (
    <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <nav aria-label="Reports" className="-mx-1 flex flex-wrap gap-x-1 border-b pb-px">
        {[...tabs, ...(divisionReports ? divisionTabs : [])].map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            activeOptions={{ exact: true, includeSearch: false }}
            className="flex h-11 items-center border-b-2 border-transparent px-2.5 sm:px-3 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground data-[status=active]:border-primary data-[status=active]:text-foreground sm:h-9"
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">{props.title}</h1>
          <p className="text-muted-foreground">{props.intro}</p>
        </div>
        {props.actions && <div className="flex gap-2">{props.actions}</div>}
      </header>
      {props.children}
    </div>
  )
}
