import type { TaskAttachment } from '@crm/contracts'
import { Paperclip, Upload, X } from 'lucide-react'
import { useRef } from 'react'
import { Button } from '../ui/button'
import { Label } from '../ui/label'
import { shortAttachmentName } from '../../lib/timeline-format'
import { addAttachments } from './attachments'
import type { DownloadLink } from './download-link'

const kb = (bytes: number) => (bytes < 1_000_000 ? `${Math.ceil(bytes / 1000)} KB` : `${(bytes / 1e6).toFixed(1)} MB`)

/**
 * Files to send with a task (docs/product.md 5: up to 5, 5,000,000 bytes each), checked as they are picked.
 * `stored` are the task's saved attachments (edit mode), removable; `files` the new ones not yet sent.
 */
export function AttachmentsField(props: {
  id: string
  files: File[]
  onFilesChange: (files: File[]) => void
  stored?: TaskAttachment[]
  onStoredChange?: (stored: TaskAttachment[]) => void
  error?: string | null
  onError: (message: string | null) => void
  allowAdding?: boolean
  /** Where a stored file downloads from (a link that carries its own token). */
  linkOf?: (stored: TaskAttachment) => DownloadLink
}) {
  const input = useRef<HTMLInputElement>(null)
  const stored = props.stored ?? []
  const pick = (list: FileList | null) => {
    const { files, error } = addAttachments(props.files, [...(list ?? [])], stored.length)
    props.onFilesChange(files)
    props.onError(error)
    if (input.current) input.current.value = ''
  }
  const chip = (key: string, name: string, detail: string | null, remove: () => void, link?: DownloadLink) => (
    <li
      key={key}
      className="flex items-center gap-1.5 rounded-md border bg-subtle py-0.5 pr-0.5 pl-2 text-xs"
      title={name}
    >
      <Paperclip className="size-3 text-muted-foreground" />
      {link ? (
        <a target="_blank" rel="noreferrer" {...link} className="text-link hover:underline">
          {shortAttachmentName(name)}
        </a>
      ) : (
        <span>{shortAttachmentName(name)}</span>
      )}
      {detail && <span className="text-muted-foreground">{detail}</span>}
      <Button variant="ghost" size="icon-sm" aria-label={`Remove ${name}`} onClick={remove}>
        <X />
      </Button>
    </li>
  )
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <Label htmlFor={props.id}>Attachments</Label>
        {props.allowAdding !== false && (
          <Button size="sm" variant="ghost" onClick={() => input.current?.click()}>
            <Upload /> Add files
          </Button>
        )}
      </div>
      <input
        ref={input}
        id={props.id}
        type="file"
        multiple
        className="sr-only"
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => pick(e.target.files)}
      />
      {stored.length + props.files.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen attachments">
          {stored.map((a) =>
            chip(a.id, a.name, null, () => props.onStoredChange?.(stored.filter((s) => s !== a)), props.linkOf?.(a)),
          )}
          {props.files.map((f, i) =>
            chip(`${f.name}-${i}`, f.name, kb(f.size), () => props.onFilesChange(props.files.filter((x) => x !== f))),
          )}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">Up to 5 files, 5 MB each.</p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="text-xs text-danger">
          {props.error}
        </p>
      )}
    </div>
  )
}
