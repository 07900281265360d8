import { Check, ChevronDown, Loader2, Search, X } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useRef, useState, type KeyboardEvent, type UIEvent } from 'react'
import { messages, type SelectPage } from '@crm/contracts'
import { cn } from '../../lib/cn'
import { useUserLabel, useUserOptions } from './user-options'

type Option = SelectPage['options'][number]

type Props = {
  value: string | null
  onChange: (id: string | null) => void
  /** Without assign-any the choice is fixed to the user themselves (docs/product.md section 6). */
  locked?: { id: string; name: string }
  /** Accessible name of the select and of its list. */
  label?: string
  id?: string
  placeholder?: string
  disabled?: boolean
  /** Options offered before the users (e.g. Unassigned on the Assigned filter). */
  extraOptions?: Option[]
  /** Filters may be emptied again; a required choice may not. */
  clearable?: boolean
  invalid?: boolean
}

/** Load the next page when the list is scrolled this far (docs/product.md section 9: scroll threshold 0.8). */
const SCROLL_THRESHOLD = 0.8

/**
 * Async select of users (GET /advanced-search/users-for-async-select): type to search, 50 per page, the next
 * page as the list scrolls. The value stays the user id; the name is looked up when it came from elsewhere.
 */
export function UserSelect({
  value,
  onChange,
  locked,
  label = 'User',
  id,
  placeholder = 'Select user',
  disabled,
  extraOptions = [],
  clearable,
  invalid,
}: Props) {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [picked, setPicked] = useState<Option | null>(null)
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLUListElement>(null)
  const users = useUserOptions(search, open && !locked)
  const extra = extraOptions.find((o) => o.value === value)
  const known = extra?.label ?? (picked?.value === value ? picked.label : undefined)
  const selectedLabel = useUserLabel(locked || extra ? null : value, known)

  if (locked) {
    return (
      <p id={id} aria-label={label} className="rounded-md border bg-subtle px-2.5 py-1.5 text-[13px]">
        {locked.name}
      </p>
    )
  }

  const term = search.trim().toLowerCase()
  const options = [
    ...extraOptions.filter((o) => !term || o.label.toLowerCase().includes(term)),
    ...(users.data?.pages.flatMap((p) => p.options) ?? []),
  ]
  const choose = (option: Option) => {
    setPicked(option)
    onChange(option.value)
    setOpen(false)
  }
  const loadMoreIfNear = (event: UIEvent<HTMLUListElement>) => {
    const el = event.currentTarget
    const near = el.scrollTop + el.clientHeight >= el.scrollHeight * SCROLL_THRESHOLD
    if (near && users.hasNextPage && !users.isFetchingNextPage) void users.fetchNextPage()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const move = (next: number) => {
      event.preventDefault()
      setActive(next)
      listRef.current?.querySelectorAll('[role=option]')[next]?.scrollIntoView({ block: 'nearest' })
    }
    if (event.key === 'ArrowDown') move(Math.min(active + 1, options.length - 1))
    else if (event.key === 'ArrowUp') move(Math.max(active - 1, 0))
    else if (event.key === 'Enter' && options[active]) {
      event.preventDefault()
      choose(options[active])
    }
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setActive(0)
        else setSearch('')
      }}
    >
      <div className="relative">
        <Popover.Trigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            role="combobox"
            aria-label={label}
            aria-expanded={open}
            aria-invalid={invalid || undefined}
            className={cn(
              'flex h-8 w-full items-center gap-2 rounded-md border border-input bg-surface pr-2 pl-2.5 text-left text-[13px] shadow-xs outline-none',
              'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
            )}
          >
            <span className={cn('min-w-0 flex-1 truncate', !value && 'text-muted-foreground')}>
              {value ? (selectedLabel ?? 'Loading…') : placeholder}
            </span>
            {!(clearable && value) && <ChevronDown className="size-3.5 shrink-0 text-muted-foreground" />}
          </button>
        </Popover.Trigger>
        {clearable && value && !disabled && (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={() => onChange(null)}
            className="absolute top-1/2 right-1.5 grid size-5 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-3.5" />
          </button>
        )}
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-[70] flex w-(--radix-popover-trigger-width) min-w-56 flex-col overflow-hidden rounded-md bg-surface shadow-popover"
          onKeyDown={onKeyDown}
        >
          <div className="relative border-b">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground" />
            <input
              autoFocus
              value={search}
              onChange={(e) => {
                setSearch(e.target.value)
                setActive(0)
              }}
              placeholder="Type to search"
              aria-label={`Search ${label}`}
              className="h-8 w-full bg-transparent pr-2 pl-8 text-[13px] outline-none"
            />
          </div>
          <ul
            ref={listRef}
            role="listbox"
            aria-label={label}
            onScroll={loadMoreIfNear}
            className="max-h-64 overflow-auto p-1"
          >
            {options.map((o, i) => (
              <li
                key={o.value}
                role="option"
                aria-selected={o.value === value}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(o)}
                className={cn(
                  'flex h-7 cursor-default items-center gap-2 rounded-sm px-2 text-[13px] select-none',
                  i === active && 'bg-muted',
                )}
              >
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                {o.value === value && <Check className="size-3.5 shrink-0" />}
              </li>
            ))}
            {users.isFetching && (
              <li className="flex items-center gap-2 px-2 py-1.5 text-xs text-muted-foreground">
                <Loader2 className="size-3.5 animate-spin" /> Loading…
              </li>
            )}
            {users.isError && <li className="px-2 py-1.5 text-xs text-danger">{messages.somethingWentWrong}</li>}
            {options.length === 0 && !users.isFetching && !users.isError && (
              <li className="px-2 py-1.5 text-xs text-muted-foreground">{messages.noRecords}</li>
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
