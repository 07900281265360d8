import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        // 16 px text on a phone: a smaller one makes the phone zoom in on focus.
        'h-8 w-full min-w-0 rounded-md border border-input bg-surface px-2.5 text-[13px] shadow-xs transition-colors outline-none max-sm:h-11 max-sm:text-base',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger aria-invalid:ring-danger/15',
        className,
      )}
      {...props}
    />
  )
}
