import { cn } from '../../lib/cn'
import { offeredNextSteps } from './next-step-options'
import type { FollowUpConfig } from './task-dates'

/** Next Step as a radio grid; its error shows under it (docs/product.md 8: nextStep on the Next Step select). */
export function NextStepField({
  value,
  onChange,
  mayChooseNone,
  config,
  error,
}: {
  value: string
  onChange: (value: string) => void
  mayChooseNone: boolean
  config: FollowUpConfig | null
  error?: string
}) {
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? 'next-step-error' : undefined}>
      <legend className="mb-1.5 text-xs font-medium text-foreground/80">
        Next Step<span className="ml-0.5 text-danger">*</span>
      </legend>
      <div className="grid grid-cols-2 gap-1.5 lg:grid-cols-3" role="radiogroup" aria-label="Next Step">
        {offeredNextSteps(mayChooseNone, config).map((o) => {
          const checked = value === String(o.id)
          return (
            <label
              key={o.id}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border px-2.5 py-1.5 transition-colors hover:bg-subtle',
                checked && 'border-ring bg-accent/60 ring-1 ring-ring/40',
                error && !checked && 'border-danger/40',
              )}
            >
              <input
                type="radio"
                name="next-step"
                value={o.id}
                checked={checked}
                onChange={() => onChange(String(o.id))}
                className="mt-0.5 accent-[var(--ring)]"
              />
              <span className="min-w-0">
                <span className="block text-[13px] font-medium">{o.label}</span>
                <span className="block text-[11px] text-muted-foreground">{o.hint}</span>
              </span>
            </label>
          )
        })}
      </div>
      {error && (
        <p id="next-step-error" role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
