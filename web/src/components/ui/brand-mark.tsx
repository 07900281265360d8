import { Truck } from 'lucide-react'
import { cn } from '../../lib/cn'

export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('grid size-7 place-items-center rounded-lg bg-primary text-primary-foreground', className)}>
      <Truck className="size-[55%]" strokeWidth={2.25} />
    </span>
  )
}
