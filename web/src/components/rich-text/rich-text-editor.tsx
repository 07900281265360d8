import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Bold, Italic, Link2, List, ListOrdered, Redo2, Underline, Undo2, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, type MouseEvent } from 'react'
import { Button } from '../ui/button'
import type { RichTextEditorProps } from './rich-text-field'

/** The addresses a link may have: web and mail, or a merge field's `{{token}}` filled when the mail is composed. */
const allowedHref = /^(https?:\/\/|mailto:)\S+$|^\{\{\s*[\w.]+\s*\}\}/i
const isAllowedHref = (url: string) => allowedHref.test(url.trim())

/** The editor's HTML as the form keeps it: '' when there is no text, so that a required body says so. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

/** A pointer on a toolbar button leaves the focus and the selection in the editor (the keyboard still reaches it). */
const keepEditorFocus = (event: MouseEvent) => event.preventDefault()

type Tool = { label: string; icon: LucideIcon; active?: (e: Editor) => boolean; run: (e: Editor) => void }

function promptForLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://'
  const answer = window.prompt('Link address (http://, https:// or mailto:); empty removes the link', current)
  if (answer === null) return
  const url = answer.trim()
  const chain = editor.chain().focus().extendMarkRange('link')
  if (!url) chain.unsetLink().run()
  else if (isAllowedHref(url)) chain.setLink({ href: url }).run()
  else window.alert('A link must start with http://, https:// or mailto:')
}

const marks: Tool[] = [
  { label: 'Bold', icon: Bold, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    label: 'Italic',
    icon: Italic,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Underline',
    icon: Underline,
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: 'Bulleted list',
    icon: List,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { label: 'Link', icon: Link2, active: (e) => e.isActive('link'), run: promptForLink },
]

const history: Tool[] = [
  { label: 'Undo', icon: Undo2, run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', icon: Redo2, run: (e) => e.chain().focus().redo().run() },
]

const contentClasses = [
  'min-h-40 max-h-96 overflow-y-auto px-2.5 py-1.5 text-[13px] outline-none max-sm:text-base',
  '[&_p]:my-1 [&_h1]:my-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:my-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:my-1.5 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:text-link [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-input [&_blockquote]:pl-2.5',
].join(' ')

/**
 * A rich-text editor (TipTap) whose value is HTML: bold, italic, underline, lists, links, undo and redo, and
 * buttons that put a snippet (a merge field) where the cursor is. Loaded lazily through RichTextField.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  // The values the editor sent, oldest first: the form may render one of them after the editor moved on (fast
  // typing), and must not put that older content back.
  const emitted = useRef([props.value])
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
          isAllowedUri: (url) => isAllowedHref(url),
        },
      }),
    ],
    content: props.value,
    editorProps: {
      attributes: {
        id: props.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': props.labelledBy,
        ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
        class: contentClasses,
      },
    },
    onUpdate: ({ editor }) => {
      const html = htmlOf(editor)
      emitted.current = [...emitted.current.slice(-49), html]
      props.onChange(html)
    },
  })

  // A value set from outside (a template picked) replaces the content; the editor's own changes do not.
  useEffect(() => {
    if (!editor) return
    const sent = emitted.current.indexOf(props.value)
    if (sent >= 0) {
      emitted.current = emitted.current.slice(sent)
      return
    }
    if (props.value === htmlOf(editor)) return
    emitted.current = [props.value]
    editor.commands.setContent(props.value, { emitUpdate: false })
  }, [editor, props.value])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: marks.map((tool) => tool.active?.(e) ?? false),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })

  const insert = (text: string) => editor?.chain().focus().insertContent({ type: 'text', text }).run()

  return (
    <div
      data-invalid={props.invalid || undefined}
      className="min-w-0 rounded-md border border-input bg-surface shadow-xs transition-colors focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/15 data-invalid:border-danger data-invalid:ring-danger/15"
    >
      <div className="flex flex-wrap items-center gap-0.5 border-b border-input p-1">
        <div role="group" aria-label="Formatting" className="flex flex-wrap gap-0.5">
          {marks.map((tool, i) => (
            <ToolButton
              key={tool.label}
              tool={tool}
              pressed={state?.active[i] ?? false}
              onClick={() => editor && tool.run(editor)}
            />
          ))}
          {history.map((tool) => (
            <ToolButton
              key={tool.label}
              tool={tool}
              disabled={!(tool.label === 'Undo' ? state?.canUndo : state?.canRedo)}
              onClick={() => editor && tool.run(editor)}
            />
          ))}
        </div>
        {props.snippets && props.snippets.length > 0 && (
          <>
            <div role="group" aria-label={props.snippetsLabel} className="flex flex-wrap gap-0.5 max-sm:hidden">
              {props.snippets.map((snippet) => (
                <Button
                  key={snippet.text}
                  size="sm"
                  variant="ghost"
                  onMouseDown={keepEditorFocus}
                  onClick={() => insert(snippet.text)}
                >
                  {snippet.label}
                </Button>
              ))}
            </div>
            {/* A phone has no room for a row of buttons per field above the text: one menu instead. */}
            <select
              aria-label={props.snippetsLabel}
              value=""
              onChange={(e) => e.target.value && insert(e.target.value)}
              className="h-11 min-w-0 flex-1 rounded-md border bg-surface px-2 text-sm sm:hidden"
            >
              <option value="">Insert a field…</option>
              {props.snippets.map((snippet) => (
                <option key={snippet.text} value={snippet.text}>
                  {snippet.label}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}

function ToolButton(props: { tool: Tool; pressed?: boolean; disabled?: boolean; onClick: () => void }) {
  const Icon = props.tool.icon
  return (
    <Button
      size="icon"
      variant="ghost"
      aria-label={props.tool.label}
      title={props.tool.label}
      aria-pressed={props.tool.active ? props.pressed : undefined}
      disabled={props.disabled}
      className="aria-pressed:bg-muted aria-pressed:text-foreground"
      onMouseDown={keepEditorFocus}
      onClick={props.onClick}
    >
      <Icon aria-hidden />
    </Button>
  )
}
