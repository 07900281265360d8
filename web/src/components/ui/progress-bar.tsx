/** A labelled bar for long work (a backfill, a rebuild): percent done, with the figures as its text. */
export function ProgressBar({ label, percent, valueText }: { label: string; percent: number; valueText?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)))
  return (
    <div
      className="h-2 overflow-hidden rounded bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText ?? `${value}%`}
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
    </div>
  )
}
