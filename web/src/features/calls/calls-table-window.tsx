import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, type CallLogRow, type ListQuery } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Pause, Play } from 'lucide-react'
import { useEffect, useState } from 'react'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { Empty } from '../../components/ui/empty-value'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { formatCallDuration } from '../../lib/timeline-format'
import { callCommands, callLogQueryOptions } from './calls-api'
import { displayPhone } from './display-phone'

const col = createColumnHelper<CallLogRow>()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Column = ColumnDef<CallLogRow, any>

/** Plays a recording fetched through the product; one at a time. */
function RecordingButton({ row }: { row: CallLogRow }) {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null)
  const [loading, setLoading] = useState(false)
  useEffect(
    () => () => {
      if (!audio) return
      audio.pause()
      URL.revokeObjectURL(audio.src)
    },
    [audio],
  )
  if (!row.hasRecording) return <Empty />
  async function toggle() {
    if (audio) {
      if (audio.paused) await audio.play()
      else audio.pause()
      setAudio(audio)
      return
    }
    setLoading(true)
    try {
      const next = new Audio(URL.createObjectURL(await callCommands.recording(row.id)))
      await next.play()
      setAudio(next)
    } catch {
      notify.error('The recording could not be played')
    } finally {
      setLoading(false)
    }
  }
  const playing = audio && !audio.paused
  return (
    <Button
      size="sm"
      disabled={loading}
      onClick={() => void toggle()}
      aria-label={`Play the recording of ${formatDateTime(row.startTime)}`}
    >
      {playing ? <Pause /> : <Play />} {playing ? 'Pause' : 'Play'}
    </Button>
  )
}

const columns: Column[] = [
  col.accessor('startTime', {
    header: 'Date',
    cell: ({ getValue }) => formatDateTime(getValue()),
    meta: { className: 'tabular whitespace-nowrap', card: 1 },
  }),
  col.accessor('direction', {
    header: 'Direction',
    cell: ({ getValue }) => (getValue() === 'Inbound' ? 'Incoming' : 'Outgoing'),
  }),
  col.accessor('number', {
    header: 'Number',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span className="tabular">{row.original.number ? displayPhone(row.original.number) : '—'}</span>
        {row.original.name && <span className="text-xs text-muted-foreground">{row.original.name}</span>}
      </span>
    ),
    meta: { card: 2 },
  }),
  col.accessor('contacts', {
    header: 'Contact',
    cell: ({ getValue }) => {
      const contacts = getValue() as CallLogRow['contacts']
      if (contacts.length === 0) return <Empty />
      return (
        <span className="flex flex-col">
          {contacts.map((c) => (
            <Link
              key={c.id}
              to="/contacts/$id"
              params={{ id: c.id }}
              target="_blank"
              className="text-link hover:underline"
            >
              {c.name}
            </Link>
          ))}
        </span>
      )
    },
    meta: { card: 3 },
  }),
  col.accessor('duration', {
    header: 'Call time',
    cell: ({ getValue }) => formatCallDuration(getValue()),
    meta: { className: 'tabular text-right' },
  }),
  col.accessor('result', { header: 'Result', cell: ({ getValue }) => getValue() ?? <Empty /> }),
  col.display({ id: 'recording', header: 'Recording', cell: ({ row }) => <RecordingButton row={row.original} /> }),
]

/** calls_table (950): the rep's RingCentral call log, synced every few minutes, each call matched to contacts. */
function CallsTableWindow() {
  const [query, setQuery] = useState<ListQuery>({
    pagination: { limit: DEFAULT_PAGE_SIZE, first: 0 },
    sort: { ...DEFAULT_SORT },
    filter: {},
    tableFilter: {},
  })
  const { first, limit } = query.pagination
  const { data, error, isFetching, refetch } = useQuery({
    ...callLogQueryOptions(first, limit),
    placeholderData: (p) => p,
  })
  return (
    <ModalBody className="flex flex-col gap-3">
      <p className="text-muted-foreground">
        Your RingCentral call log, newest first. It is read again every few minutes.
      </p>
      <DataTable
        label="Call log"
        columns={columns}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data && { rows: data.items, total: data.total, totalIsCapped: false }}
        error={tableError(error, refetch)}
        isFetching={isFetching}
      />
    </ModalBody>
  )
}

export const callsTableWindow = defineModal('calls_table', { title: 'Call log', component: CallsTableWindow })
