import { fillMergeFields, mergeFields, type MergeValues } from '@crm/contracts'

/** Sample values, so a preview reads like a real mail; the contact's own fill it when it is sent. */
const sample: MergeValues = Object.fromEntries(mergeFields.map((f) => [f.key, `[${f.label}]`]))

/**
 * How the mail will read: merge fields filled (with the contact's values when given). The HTML is shown in a
 * sandboxed frame, so nothing in it runs or reaches the app.
 */
export function MessagePreview(props: { subject: string; body: string; values?: MergeValues }) {
  const values = { ...sample, ...props.values }
  const html = fillMergeFields(props.body, values, { html: true })
  return (
    <div className="rounded-md border bg-subtle p-3">
      <p className="text-xs font-medium text-muted-foreground uppercase">Preview</p>
      <p className="mt-1 truncate font-medium">{fillMergeFields(props.subject, values, { html: false }) || '—'}</p>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={`<body style="font:13px system-ui,sans-serif;margin:8px">${html}</body>`}
        className="mt-2 h-40 w-full rounded border bg-white"
      />
    </div>
  )
}
