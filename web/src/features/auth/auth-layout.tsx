import type { ReactNode } from 'react'
import { AlertCircle, CheckCircle2 } from 'lucide-react'
import { BrandMark } from '../../components/ui/brand-mark'

/** The centered card of the public screens (login, forgot / reset / change password). */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <main className="grid min-h-full place-items-center bg-background px-4 py-12">
      <div className="w-full max-w-[380px]">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-10 rounded-xl" />
          <div>
            <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
            {subtitle && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
          </div>
        </div>
        <div className="flex flex-col gap-4 rounded-xl border bg-surface p-6 shadow-xs">{children}</div>
        {footer && <div className="mt-4 text-center text-muted-foreground">{footer}</div>}
      </div>
    </main>
  )
}

export function FormAlert({ tone, children }: { tone: 'danger' | 'success'; children: ReactNode }) {
  const Icon = tone === 'danger' ? AlertCircle : CheckCircle2
  const colors = tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success'
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-md px-3 py-2 ${colors}`}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" />
      <span>{children}</span>
    </div>
  )
}
