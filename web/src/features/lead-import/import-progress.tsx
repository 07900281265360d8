import type { ImportProgress as Progress } from '@crm/contracts'

const count = (n: number) => n.toLocaleString('en-US')

/** 75 s → "1 min 15 s"; under a minute in seconds. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/**
 * Every row of the file is in: a large import still readies the lists (the read side catching up, its statistics)
 * before it says finished, and a cancel would come too late.
 */
export const everyRowRead = (detail?: Progress): boolean =>
  detail !== undefined && detail.rows > 0 && detail.rowsRead >= detail.rows

/** The import's bar and its figures: rows read of the file, what became of them, the rate and what is left. */
export function ImportProgress({ detail, percent, running }: { detail?: Progress; percent: number; running: boolean }) {
  const allRead = everyRowRead(detail)
  return (
    <div className="flex flex-col gap-1">
      <div
        className="h-2 overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail ? `${count(detail.rowsRead)} of ${count(detail.rows)} rows` : `${percent}%`}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular" aria-live="polite">
        {detail ? (
          <>
            {percent}% · {count(detail.rowsRead)} of {count(detail.rows)} rows read · {count(detail.created)} created,{' '}
            {count(detail.updated)} updated, {count(detail.skipped)} skipped
            {running && detail.rowsPerSecond !== null && <> · {count(detail.rowsPerSecond)} rows/s</>}
            {running && !allRead && detail.secondsLeft !== null && (
              <> · about {formatDuration(detail.secondsLeft)} left</>
            )}
            {running && allRead && <> · getting the lists ready…</>}
            {running && detail.cancelRequested && <> · stopping after the rows in progress…</>}
          </>
        ) : (
          `${percent}%`
        )}
      </p>
    </div>
  )
}
