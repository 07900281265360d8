import { Search, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { FILTER_DEBOUNCE_MS } from '@crm/contracts'
import { cn } from '../../lib/cn'
import { Input } from '../ui/input'

type SearchInputProps = {
  value: string
  onCommit: (value: string) => void
  placeholder: string
  className?: string
}

/** A text filter that waits FILTER_DEBOUNCE_MS after the last keystroke before changing the URL (docs/product.md section 9). */
export function SearchInput({ value, onCommit, placeholder, className }: SearchInputProps) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const committed = useRef(value)

  // Back/forward or a cleared filter changes the URL underneath us: follow it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (next: string, delay: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      committed.current = next.trim()
      onCommit(next.trim())
    }, delay)
  }

  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        className="pr-7 pl-8 [&::-webkit-search-cancel-button]:hidden"
        onChange={(e) => {
          setText(e.target.value)
          commit(e.target.value, FILTER_DEBOUNCE_MS)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text, 0)
        }}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute top-1/2 right-1.5 grid size-5 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
          onClick={() => {
            setText('')
            commit('', 0)
          }}
        >
          <X className="size-3" />
        </button>
      )}
    </div>
  )
}
