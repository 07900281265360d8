import type { ComponentProps } from 'react'
import { DropdownMenu as Menu } from 'radix-ui'
import { cn } from '../../lib/cn'

export const DropdownMenu = Menu.Root
export const DropdownMenuTrigger = Menu.Trigger

export function DropdownMenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        className={cn('z-[60] min-w-44 rounded-md bg-surface p-1 shadow-popover', className)}
        {...props}
      />
    </Menu.Portal>
  )
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={cn(
        'flex h-7 cursor-default items-center gap-2 rounded-sm px-2 text-[13px] outline-none select-none',
        'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-3.5 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof Menu.RadioGroup>) {
  return <Menu.RadioGroup {...props} />
}

/** Radio and checkbox items: room on the left for their indicator. */
const choiceItem =
  'relative flex h-7 cursor-default items-center gap-2 rounded-sm pr-2 pl-6 text-[13px] outline-none select-none data-[highlighted]:bg-muted'

export function DropdownMenuRadioItem({ className, children, ...props }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(choiceItem, className)} {...props}>
      <Menu.ItemIndicator className="absolute left-2 flex size-2 items-center justify-center">
        <span className="size-1.5 rounded-full bg-foreground" />
      </Menu.ItemIndicator>
      {children}
    </Menu.RadioItem>
  )
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)} {...props} />
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />
}

export function DropdownMenuCheckboxItem({ className, children, ...props }: ComponentProps<typeof Menu.CheckboxItem>) {
  return (
    <Menu.CheckboxItem className={cn(choiceItem, className)} {...props}>
      <Menu.ItemIndicator className="absolute left-2 flex items-center justify-center text-foreground">
        ✓
      </Menu.ItemIndicator>
      {children}
    </Menu.CheckboxItem>
  )
}
