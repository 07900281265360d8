import type { ComponentProps } from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '../../lib/cn'

const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-px text-[11px] leading-[18px] font-medium ring-1 ring-inset',
  {
    variants: {
      variant: {
        neutral: 'bg-muted text-foreground/75 ring-border',
        danger: 'bg-danger-soft text-danger ring-danger/20',
        warning: 'bg-warning-soft text-warning ring-warning/25',
        success: 'bg-success-soft text-success ring-success/20',
        accent: 'bg-accent text-accent-foreground ring-accent-foreground/15',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
)

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { dot?: boolean }

export function Badge({ className, variant, dot, children, ...props }: BadgeProps) {
  return (
    <span className={cn(badgeVariants({ variant }), className)} {...props}>
      {dot && <span aria-hidden className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  )
}
