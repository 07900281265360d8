import type { CampaignRow } from '@crm/contracts'

const count = (n: number) => n.toLocaleString('en-US')

/** How far a send is: contacts looked at while it is preparing, then messages sent or failed of those queued. */
export function campaignPercent(c: CampaignRow): number {
  if (c.state === 'preparing') return c.total === 0 ? 0 : Math.floor((c.processed / c.total) * 50)
  if (c.queued === 0) return 100
  return 50 + Math.floor(((c.sent + c.failed) / c.queued) * 50)
}

export const campaignDone = (c: CampaignRow) => c.state === 'queued' && c.sent + c.failed >= c.queued

/** A marketing send's bar and figures: queued, skipped as unsubscribed, without email, sent, failed. */
export function CampaignProgress({ campaign: c, compact = false }: { campaign: CampaignRow; compact?: boolean }) {
  const percent = campaignPercent(c)
  const scheduled = c.state === 'queued' && Date.parse(c.sendingTime) > Date.now() && c.sent + c.failed === 0
  const label = c.state === 'preparing' ? `${count(c.processed)} of ${count(c.total)} contacts queued` : null
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <div
        className="h-2 overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-label={`Progress of ${c.subject}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label ?? `${count(c.sent)} of ${count(c.queued)} sent`}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular" aria-live="polite">
        {label ?? (scheduled ? `${count(c.queued)} scheduled` : `${count(c.sent)} of ${count(c.queued)} sent`)}
        {!compact && (
          <>
            {c.failed > 0 && <> · {count(c.failed)} not sent</>}
            {c.skipped > 0 && <> · {count(c.skipped)} skipped (unsubscribed)</>}
            {c.noEmail > 0 && <> · {count(c.noEmail)} without email</>}
            {c.unavailable > 0 && <> · {count(c.unavailable)} unavailable</>}
          </>
        )}
      </p>
    </div>
  )
}
