import { cn } from '../../lib/cn'

/** A small radio group drawn as a segmented control (priority, calendar view). */
export function Segmented<T extends string>(props: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
  className?: string
}) {
  return (
    <div
      role="radiogroup"
      aria-label={props.label}
      className={cn('inline-flex rounded-md border bg-subtle p-0.5', props.className)}
    >
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === props.value}
          onClick={() => props.onChange(o.value)}
          className={cn(
            'h-6 rounded px-2.5 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground',
            o.value === props.value && 'bg-surface text-foreground shadow-xs ring-1 ring-border',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  )
}
