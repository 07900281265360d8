import { useInfiniteQuery } from '@tanstack/react-query'
import { ChevronDown, Loader2, Lock } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { SelectPage } from '@crm/contracts'
import { FormField, invalidProps } from '../ui/form-field'
import { cn } from '../../lib/cn'

export type Picked = { value: string; label: string }

const SEARCH_DEBOUNCE_MS = 250

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return debounced
}

/**
 * A compact async select: type to search, pick from a page of options, "Load more" for the next page
 * (docs/product.md 9: async selects load 50 at a time). `locked` shows the value read-only (e.g. Assigned without
 * the assign-any permission).
 */
export function AsyncPicker(props: {
  id: string
  label: string
  value: Picked | null
  onChange: (picked: Picked) => void
  load: (search: string, page: number) => Promise<SelectPage>
  queryKey: string
  error?: string
  required?: boolean
  locked?: boolean
  placeholder?: string
  hint?: string
}) {
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const debounced = useDebounced(search)
  const wrapper = useRef<HTMLDivElement>(null)
  const listId = useId()
  const options = useInfiniteQuery({
    queryKey: ['async-picker', props.queryKey, debounced],
    queryFn: ({ pageParam }) => props.load(debounced, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length : undefined),
    enabled: open && !props.locked,
  })

  // Clicking anywhere else closes the list.
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])

  const pick = (option: Picked) => {
    props.onChange(option)
    setSearch('')
    setOpen(false)
  }
  const rows = options.data?.pages.flatMap((p) => p.options) ?? []

  return (
    <FormField id={props.id} label={props.label} error={props.error} required={props.required} hint={props.hint}>
      <div ref={wrapper} className="relative">
        {props.locked ? (
          <p
            id={props.id}
            className="flex h-8 items-center gap-2 rounded-md border bg-subtle px-2.5 text-[13px] text-foreground/80"
          >
            <Lock className="size-3 text-muted-foreground" />
            {props.value?.label ?? '—'}
          </p>
        ) : (
          <>
            <input
              id={props.id}
              role="combobox"
              aria-expanded={open}
              aria-controls={listId}
              aria-autocomplete="list"
              autoComplete="off"
              value={open ? search : (props.value?.label ?? '')}
              placeholder={open ? (props.value?.label ?? props.placeholder) : props.placeholder}
              onFocus={() => setOpen(true)}
              onChange={(e) => {
                setSearch(e.target.value)
                setOpen(true)
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && open) {
                  e.stopPropagation()
                  setOpen(false)
                }
                if (e.key === 'Enter' && rows[0]) {
                  e.preventDefault()
                  pick(rows[0])
                }
              }}
              className={cn(
                'h-8 w-full min-w-0 rounded-md border border-input bg-surface pr-7 pl-2.5 text-[13px] shadow-xs outline-none',
                'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15',
                'aria-invalid:border-danger',
              )}
              {...invalidProps(props.id, props.error)}
            />
            <ChevronDown className="pointer-events-none absolute top-2 right-2 size-4 text-muted-foreground" />
          </>
        )}
        {open && !props.locked && (
          <ul
            id={listId}
            role="listbox"
            aria-label={props.label}
            className="absolute inset-x-0 top-9 z-10 max-h-56 overflow-auto rounded-md border bg-surface py-1 shadow-popover"
          >
            {rows.map((o) => (
              <li
                key={o.value}
                role="option"
                aria-selected={o.value === props.value?.value}
                onPointerDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
                className={cn(
                  'cursor-pointer truncate px-2.5 py-1.5 text-[13px] hover:bg-muted',
                  o.value === props.value?.value && 'bg-accent font-medium text-accent-foreground',
                )}
              >
                {o.label}
              </li>
            ))}
            {options.isFetching && (
              <li className="flex items-center gap-2 px-2.5 py-1.5 text-xs text-muted-foreground">
                <Loader2 className="size-3 animate-spin" /> Loading…
              </li>
            )}
            {!options.isFetching && rows.length === 0 && (
              <li className="px-2.5 py-1.5 text-xs text-muted-foreground">No records found</li>
            )}
            {options.hasNextPage && !options.isFetching && (
              <li>
                <button
                  type="button"
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => void options.fetchNextPage()}
                  className="w-full px-2.5 py-1.5 text-left text-xs text-link hover:underline"
                >
                  Load more
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
    </FormField>
  )
}
