import { telHref } from '../../lib/phone-mask'
import { ErasedValue, isErased } from '../erased-value'
import { cn } from '../../lib/cn'

/** A phone number that dials when clicked. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  if (isErased(phone)) return <ErasedValue />
  return (
    <a href={telHref(phone)} className={cn('tabular hover:text-link hover:underline', className)}>
      {phone}
    </a>
  )
}
