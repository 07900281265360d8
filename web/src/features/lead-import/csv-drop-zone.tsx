import { FileSpreadsheet, Upload } from 'lucide-react'
import { useState, type DragEvent } from 'react'
import { cn } from '../../lib/cn'

const size = (bytes: number) => (bytes < 1_000_000 ? `${Math.ceil(bytes / 1000)} KB` : `${(bytes / 1e6).toFixed(1)} MB`)

/** Pick or drop one CSV file; shows the chosen file's name, size and row count. */
export function CsvDropZone(props: {
  file: File | null
  rows: number | null
  disabled: boolean
  onPick: (file: File | null) => void
}) {
  const [over, setOver] = useState(false)
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!props.disabled) props.onPick(e.dataTransfer.files[0] ?? null)
  }
  return (
    <label
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border border-dashed px-4 py-5 transition-colors',
        over ? 'border-ring bg-subtle' : 'hover:bg-subtle',
        props.disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        className="sr-only"
        disabled={props.disabled}
        onChange={(e) => props.onPick(e.target.files?.[0] ?? null)}
      />
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
        {props.file ? <FileSpreadsheet className="size-5" /> : <Upload className="size-5" />}
      </span>
      {props.file ? (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{props.file.name}</span>
          <span className="text-xs text-muted-foreground tabular">
            {size(props.file.size)}
            {props.rows !== null && ` · ${props.rows.toLocaleString('en-US')} rows`} · click or drop to change
          </span>
        </span>
      ) : (
        <span className="flex flex-col">
          <span className="font-medium">Choose a CSV file or drop it here</span>
          <span className="text-xs text-muted-foreground">Lead headers or a USDOT census extract</span>
        </span>
      )}
    </label>
  )
}
