import { telHref } from '../../lib/phone-mask'
import { cn } from '../../lib/cn'

/** A phone number that dials when clicked. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={telHref(phone)} className={cn('tabular hover:text-link hover:underline', className)}>
      {phone}
    </a>
  )
}
