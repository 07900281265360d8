import { Link, useNavigate } from '@tanstack/react-router'
import { logisticsListNames, logisticsListTitles, type LogisticsListName } from '@crm/contracts'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { cn } from '../../lib/cn'

/** The path of a logistics list screen: All Customers is /customer-logistics/all-customers (its customers below it). */
export const logisticsListPath = (list: LogisticsListName) =>
  `/customer-logistics/${list === 'all' ? 'all-customers' : list}`

/** The logistics lists: tabs over the table from 640 px, a select on a phone (nothing off-screen at 390 px). */
export function LogisticsListTabs({ current }: { current: LogisticsListName }) {
  const navigate = useNavigate()
  return (
    <>
      <div className="sm:hidden">
        <Select
          value={current}
          onValueChange={(list) => void navigate({ to: logisticsListPath(list as LogisticsListName) as '/' })}
        >
          <SelectTrigger aria-label="Logistics list">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {logisticsListNames.map((list) => (
              <SelectItem key={list} value={list}>
                {logisticsListTitles[list]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <nav aria-label="Logistics lists" className="hidden sm:block">
        <div className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 sm:w-fit">
          {logisticsListNames.map((list) => (
            <Link
              key={list}
              to={logisticsListPath(list) as '/'}
              className={cn(
                'flex h-8 items-center rounded-md px-3 text-[13px] whitespace-nowrap text-foreground/75 hover:text-foreground',
                list === current && 'bg-surface font-medium text-foreground shadow-xs ring-1 ring-border',
              )}
              aria-current={list === current ? 'page' : undefined}
            >
              {logisticsListTitles[list]}
            </Link>
          ))}
        </div>
      </nav>
    </>
  )
}
