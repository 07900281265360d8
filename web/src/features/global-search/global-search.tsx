import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Loader2, Search, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { Button } from '../../components/ui/button'
import { cn } from '../../lib/cn'
import { useDivisionId } from '../../lib/session-store'
import { StatusBadge } from '../../components/status-badge'
import { QUICK_SEARCH_MIN_LENGTH, quickSearchQueryOptions, type QuickSearchHit } from './global-search-api'

const DEBOUNCE_MS = 200

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return debounced
}

/** Typing in a field of its own must not be taken over by the '/' shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * The top bar's search (docs/product.md section 2): contacts by name, DBA, DOT / MC, e-mail or phone as one
 * types; Ctrl+K, Cmd+K or '/' focus it from anywhere, Enter or a click opens the contact. Below the md
 * breakpoint it folds into an icon that opens the box over the top bar.
 */
export function GlobalSearch() {
  const divisionId = useDivisionId()
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const [active, setActive] = useState(0)
  // Enter pressed before the hits of what was typed arrived: the first of them opens once they do.
  const [enterPending, setEnterPending] = useState(false)
  const wanted = useDebounced(text.trim())
  const query = useQuery(quickSearchQueryOptions(wanted, divisionId))
  const searching = wanted.length >= QUICK_SEARCH_MIN_LENGTH
  const hits = searching ? (query.data ?? []) : []
  const stale = wanted !== text.trim() || query.isPlaceholderData
  const showList = open && searching && (query.data !== undefined || query.isError)
  const current = Math.min(active, hits.length - 1)

  // The narrow layout shows the box only once expanded: it must be on screen before it can take focus and the
  // keys typed right after the shortcut.
  const reveal = () => {
    flushSync(() => setExpanded(true))
    input.current?.focus()
  }

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const chord = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k'
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target)
      // While a window is up the shell is inert: the keys stay the window's.
      if ((!chord && !slash) || input.current?.closest('[inert]')) return
      e.preventDefault()
      reveal()
      input.current?.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  const close = () => {
    setOpen(false)
    setExpanded(false)
    setEnterPending(false)
  }
  const openHit = (hit: QuickSearchHit) => {
    setText('')
    close()
    input.current?.blur()
    void navigate({ to: '/contacts/$id', params: { id: hit.id } })
  }

  useEffect(() => {
    if (!enterPending || stale || query.isFetching) return
    setEnterPending(false)
    if (query.data?.[0]) openHit(query.data[0])
    // Not on openHit, a new function each render: the answer arriving is what this waits for.
  }, [enterPending, stale, query.isFetching, query.data])
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      if (hits.length === 0) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + hits.length) % hits.length)
    } else if (e.key === 'Enter') {
      if (text.trim().length < QUICK_SEARCH_MIN_LENGTH) return
      e.preventDefault()
      const hit = hits[current]
      if (!stale && showList && hit) openHit(hit)
      else if (stale || query.isFetching) setEnterPending(true)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      if (open && text) setOpen(false)
      else {
        setText('')
        close()
        input.current?.blur()
      }
    }
  }

  const activeId = showList && current >= 0 ? `${listId}-${current}` : undefined
  const busy = query.isFetching && searching

  return (
    <div className="flex min-w-0 flex-1 justify-center md:px-4">
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8 md:hidden [&_svg]:size-4', expanded && 'hidden')}
        aria-label="Search contacts"
        onClick={reveal}
      >
        <Search />
      </Button>
      <div
        className={cn(
          'relative w-full max-w-xl',
          // Narrow screens: over the top bar while open, hidden otherwise.
          expanded ? 'absolute inset-x-2 top-2 z-50 md:relative md:inset-auto' : 'hidden md:block',
        )}
      >
        <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-muted-foreground" />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search contacts"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder="Search name, DBA, DOT, MC, phone, e-mail"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => close()}
          onKeyDown={onKeyDown}
          className={cn(
            'h-8 w-full min-w-0 rounded-md border border-input bg-subtle pr-16 pl-8 text-[13px] outline-none',
            'placeholder:text-muted-foreground focus:bg-surface focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15',
            '[&::-webkit-search-cancel-button]:hidden',
          )}
        />
        {busy && <Loader2 aria-hidden className="absolute top-2 right-8 size-4 animate-spin text-muted-foreground" />}
        {!text && (
          <kbd className="pointer-events-none absolute top-1.5 right-2 hidden rounded border bg-surface px-1 font-sans text-[11px] leading-4 text-muted-foreground lg:inline">
            Ctrl K
          </kbd>
        )}
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            className="absolute top-1.5 right-2 grid size-5 place-items-center rounded text-muted-foreground hover:bg-muted"
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => {
              setText('')
              input.current?.focus()
            }}
          >
            <X className="size-3.5" />
          </button>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label="Contacts found"
          hidden={!showList}
          className="absolute inset-x-0 top-9 z-[60] max-h-[min(28rem,70vh)] overflow-auto rounded-lg border bg-surface py-1 shadow-popover"
        >
          {query.isError && hits.length === 0 ? (
            <li className="px-3 py-2 text-[13px] text-muted-foreground">The search failed. Try again.</li>
          ) : hits.length === 0 ? (
            <li className="px-3 py-2 text-[13px] text-muted-foreground">No records found</li>
          ) : (
            hits.map((hit, i) => (
              <li
                key={hit.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                onPointerDown={(e) => e.preventDefault()}
                onPointerMove={() => setActive(i)}
                onClick={() => openHit(hit)}
                className={cn('cursor-pointer px-3 py-1.5', i === current && 'bg-accent text-accent-foreground')}
              >
                <HitLine hit={hit} />
              </li>
            ))
          )}
        </ul>
      </div>
    </div>
  )
}

function HitLine({ hit }: { hit: QuickSearchHit }) {
  const numbers = [hit.dotNumber && `DOT ${hit.dotNumber}`, hit.mcNumber && `MC ${hit.mcNumber}`].filter(Boolean)
  const place = [hit.city, hit.state].filter(Boolean).join(', ')
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="min-w-0 flex-1">
        <div className="truncate text-[13px]">
          <span className="font-medium">{hit.name}</span>
          {hit.dba && <span className="text-muted-foreground"> · DBA {hit.dba}</span>}
        </div>
        <div className="truncate text-xs text-muted-foreground tabular-nums">
          {[numbers.join(' / '), place].filter(Boolean).join(' · ') || '—'}
        </div>
      </div>
      {hit.statusId !== null && <StatusBadge statusId={hit.statusId} />}
    </div>
  )
}
