import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** Dense table primitives: 36px rows, sticky header inside the scroll container. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <table className={cn('w-full caption-bottom border-separate border-spacing-0 text-[13px]', className)} {...props} />
  )
}

export function TableHeader(props: ComponentProps<'thead'>) {
  return <thead {...props} />
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('group/row transition-colors hover:bg-subtle data-[state=selected]:bg-accent/60', className)}
      {...props}
    />
  )
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'sticky top-0 z-10 h-8 border-b bg-subtle px-3 text-left align-middle text-[11px] font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td className={cn('h-9 border-b border-border/70 px-3 align-middle whitespace-nowrap', className)} {...props} />
  )
}

/** A row's trailing actions: right-aligned, and pinned to the screen's edge on a phone while the row scrolls. */
export function TableActionsCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <TableCell
      className={cn(
        'text-right max-sm:sticky max-sm:right-0 max-sm:bg-surface max-sm:shadow-[inset_1px_0_0_var(--color-border)]',
        className,
      )}
      {...props}
    />
  )
}
