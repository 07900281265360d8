import type { ReadModelRebuild } from '@crm/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Database, RotateCw } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { ProgressBar } from '../../components/ui/progress-bar'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { AdminPageHeader } from './admin-page-header'
import { readModelsQueryOptions, rebuildReadModel, type ReadModelHealth } from './admin-api'

type Version = NonNullable<ReadModelHealth['projections']>[number]
type ReadModel = { name: string; versions: Version[]; rebuild?: ReadModelRebuild }

const count = (n: number) => n.toLocaleString('en-US')
const title = (name: string) => name.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase())

/** Each read model with its versions (a new one backfills beside the served one) and its last rebuild. */
function readModelsOf(health: ReadModelHealth): ReadModel[] {
  const byName = new Map<string, ReadModel>()
  for (const version of health.projections ?? []) {
    if (version.state === 'retired') continue
    const model = byName.get(version.name) ?? { name: version.name, versions: [] }
    model.versions.push(version)
    byName.set(version.name, model)
  }
  for (const rebuild of health.rebuilds ?? []) {
    const model = byName.get(rebuild.name)
    if (model) model.rebuild = rebuild
  }
  return [...byName.values()]
}

/** Share of the store a version has applied: what it applied against what it still has to. */
const percentOf = (v: Version) =>
  v.lagEvents === undefined
    ? v.caughtUp
      ? 100
      : 0
    : (100 * v.eventsApplied) / Math.max(1, v.eventsApplied + v.lagEvents)

function VersionLine({ version }: { version: Version }) {
  const backfilling = version.state === 'backfilling'
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-muted-foreground">v{version.version}</span>
        <Badge variant={backfilling ? 'warning' : version.caughtUp === false ? 'neutral' : 'success'} dot>
          {backfilling ? 'Backfilling' : 'Served'}
        </Badge>
        <span className="text-xs text-muted-foreground tabular">
          {version.lagEvents === undefined
            ? `${count(version.eventsApplied)} events applied`
            : version.lagEvents === 0
              ? 'Caught up'
              : `${count(version.lagEvents)} events behind`}
        </span>
      </div>
      {backfilling && (
        <ProgressBar
          label={`Backfill of ${title(version.name)} v${version.version}`}
          percent={percentOf(version)}
          valueText={`${count(version.eventsApplied)} events applied`}
        />
      )}
    </div>
  )
}

function RebuildLine({ rebuild }: { rebuild: ReadModelRebuild }) {
  const when = rebuild.finishedAt ?? rebuild.startedAt ?? rebuild.requestedAt
  const label = {
    requested: 'Rebuild requested',
    running: 'Rebuilding',
    done: 'Rebuilt',
    failed: 'Rebuild failed',
    skipped: 'Rebuild covered by a later one',
  }[rebuild.state]
  return (
    <p className={rebuild.state === 'failed' ? 'text-xs text-danger' : 'text-xs text-muted-foreground'}>
      {label} {formatDateTime(when)}
      {rebuild.state === 'running' && <> · {count(rebuild.eventsApplied)} events into the fresh copy</>}
      {rebuild.error && <> · {rebuild.error}</>}
    </p>
  )
}

function RebuildButton({ model }: { model: ReadModel }) {
  const queryClient = useQueryClient()
  const [armed, setArmed] = useState(false)
  const busy =
    model.versions.some((v) => v.state === 'backfilling') ||
    model.rebuild?.state === 'requested' ||
    model.rebuild?.state === 'running'
  const rebuild = useMutation({
    mutationFn: () => rebuildReadModel(model.name),
    onSuccess: () => {
      notify.success(`${title(model.name)}: rebuild requested`)
      void queryClient.invalidateQueries({ queryKey: ['read-models'] })
    },
    onSettled: () => setArmed(false),
  })
  if (!armed)
    return (
      <Button size="sm" variant="ghost" className="max-sm:h-11" disabled={busy} onClick={() => setArmed(true)}>
        <RotateCw /> Rebuild
      </Button>
    )
  return (
    <span className="flex gap-1">
      <Button size="sm" className="max-sm:h-11" disabled={rebuild.isPending} onClick={() => rebuild.mutate()}>
        Rebuild {title(model.name)}
      </Button>
      <Button size="sm" variant="ghost" className="max-sm:h-11" onClick={() => setArmed(false)}>
        Cancel
      </Button>
    </span>
  )
}

/**
 * Read models (docs/decisions/032): what each serves, how far a new version's backfill got, and a rebuild
 * from the start of the store beside the served copy, which keeps answering until the fresh one replaces it.
 */
export function ReadModelsPage() {
  const query = useQuery(readModelsQueryOptions())
  return (
    <div className="flex max-w-5xl flex-col gap-4 p-3 sm:p-6">
      <AdminPageHeader
        title="Read models"
        description="The tables every screen reads, built from the events. A new report backfills here while the product serves."
      />
      <Card className="px-4 py-2">
        <ListStates
          query={{ ...query, data: query.data && readModelsOf(query.data) }}
          what="Read models"
          isEmpty={(models) => models.length === 0}
          skeletonRows={6}
        >
          {(models) => (
            <ul className="divide-y" aria-label="Read models">
              {models.map((model) => (
                <li
                  key={model.name}
                  className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
                >
                  <div className="flex min-w-0 items-center gap-2">
                    <Database className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="truncate font-medium">{title(model.name)}</span>
                  </div>
                  <div className="flex min-w-0 flex-col gap-1.5">
                    {model.versions.map((v) => (
                      <VersionLine key={v.version} version={v} />
                    ))}
                    {model.rebuild && <RebuildLine rebuild={model.rebuild} />}
                  </div>
                  <div className="justify-self-start sm:justify-self-end">
                    <RebuildButton model={model} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </Card>
      {query.data?.status === 'degraded' && (
        <p className="text-xs text-muted-foreground">
          Some read models are still catching up: screens that read them may show slightly older data until then.
        </p>
      )}
    </div>
  )
}
