import type { ComponentProps } from 'react'
import { Slot } from 'radix-ui'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '../../lib/cn'

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md font-medium transition-colors select-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        secondary: 'border border-input bg-surface text-foreground shadow-xs hover:bg-subtle',
        ghost: 'text-muted-foreground hover:bg-muted hover:text-foreground',
        danger: 'bg-danger text-white shadow-xs hover:bg-danger/90',
        link: 'h-auto px-0 text-link underline-offset-2 hover:underline',
      },
      // On a phone every control is a 44 px touch target (WCAG 2.5.5); a pointer keeps the dense sizes.
      size: {
        sm: 'h-7 px-2.5 text-xs max-sm:h-11',
        md: 'h-8 px-3 text-[13px] max-sm:h-11',
        icon: 'size-7 max-sm:size-11',
        'icon-sm': 'size-6 [&_svg]:size-3.5 max-sm:size-11',
      },
    },
    defaultVariants: { variant: 'secondary', size: 'md' },
  },
)

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      // A button inside a form must not submit it unless it says so.
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  )
}
