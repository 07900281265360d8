import { Link } from '@tanstack/react-router'
import { contactListNames, contactListTitles } from '@crm/contracts'

/** The "Lists" group of the side navigation: every contact list of docs/product.md section 2. */
export function ListsNav() {
  const paths = contactListNames.map((name) => ({
    to: `/${name}`,
    label: contactListTitles[name],
  }))
  return (
    <>
      <p className="mt-3 px-2 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Lists</p>
      <div className="flex shrink-0 flex-col gap-0.5">
        {paths.map(({ to, label }) => (
          <Link
            key={to}
            to={to as '/'}
            className="flex h-11 shrink-0 items-center lg:h-7 rounded-md px-2 text-[13px] text-foreground/75 transition-colors hover:bg-muted hover:text-foreground"
            activeProps={{ className: 'bg-surface font-medium text-foreground shadow-xs ring-1 ring-border' }}
          >
            {label}
          </Link>
        ))}
        <Link
          to={'/master-data-table' as '/'}
          className="flex h-11 shrink-0 items-center lg:h-7 rounded-md px-2 text-[13px] text-foreground/75 hover:bg-muted"
          activeProps={{ className: 'bg-surface font-medium text-foreground shadow-xs ring-1 ring-border' }}
        >
          Advanced Search
        </Link>
      </div>
    </>
  )
}
