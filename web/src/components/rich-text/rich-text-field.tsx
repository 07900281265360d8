import { lazy, Suspense } from 'react'

export interface RichTextEditorProps {
  /** The id of the editable area (the FormField's id). */
  id: string
  /** The id of the element that names the editable area (its label). */
  labelledBy: string
  value: string
  /** The HTML of the content, '' when it has no text. */
  onChange: (html: string) => void
  invalid?: boolean
  describedBy?: string
  /** Buttons that put `text` where the cursor is (merge fields), as a group named `snippetsLabel`. */
  snippets?: readonly { label: string; text: string }[]
  snippetsLabel?: string
}

// TipTap and ProseMirror are some 100 kB: loaded with the first form that edits rich text, not with the app.
const RichTextEditor = lazy(() => import('./rich-text-editor'))

/** While the editor loads: an empty box of its size, so that nothing moves when it comes. */
function EditorPlaceholder() {
  return (
    <div aria-hidden className="rounded-md border border-input bg-surface shadow-xs">
      <div className="h-9 border-b border-input max-sm:h-[3.25rem]" />
      <div className="min-h-40" />
    </div>
  )
}

/** A rich-text editor whose value is HTML, loaded when first shown. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder />}>
      <RichTextEditor {...props} />
    </Suspense>
  )
}
