import { useQuery } from '@tanstack/react-query'
import { useRouter, useSearch } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Download, FileQuestion, X, ZoomIn, ZoomOut } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { bytesOf, decodedFileQuery, downloadFile, nextZoom, ZOOM_START } from './file-viewer-api'

const PdfPages = lazy(() => import('./pdf-pages').then((m) => ({ default: m.PdfPages })))

/** /file-viewer: a PDF (PDF.js) or an image, with zoom from 1.2 in steps of 0.1, Close and Download. */
export function FileViewerPage() {
  const { fileName } = useSearch({ strict: false }) as { fileName?: string }
  const router = useRouter()
  const [zoom, setZoom] = useState(ZOOM_START)
  const {
    data: file,
    isPending,
    isError,
  } = useQuery({ ...decodedFileQuery(fileName ?? ''), enabled: Boolean(fileName) })
  const bytes = useMemo(() => (file ? bytesOf(file.base64Data) : undefined), [file])
  const close = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }))

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-surface px-3 py-2">
        <h1 className="min-w-0 truncate font-medium">{file?.name ?? (fileName ? 'Document' : 'No document')}</h1>
        <div className="flex items-center gap-1">
          <Button size="icon" variant="ghost" aria-label="Zoom out" onClick={() => setZoom((z) => nextZoom(z, -1))}>
            <ZoomOut />
          </Button>
          <output aria-label="Zoom" className="w-12 text-center tabular text-[13px]">
            {zoom.toFixed(1)}
          </output>
          <Button size="icon" variant="ghost" aria-label="Zoom in" onClick={() => setZoom((z) => nextZoom(z, 1))}>
            <ZoomIn />
          </Button>
          <Button disabled={!file} onClick={() => file && downloadFile(file)}>
            <Download /> Download
          </Button>
          <Button variant="ghost" onClick={close}>
            <X /> Close
          </Button>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-auto bg-muted/60 p-4">
        {!fileName && <Placeholder />}
        {fileName && isPending && <p className="p-8 text-center text-muted-foreground">Loading the document…</p>}
        {fileName && isError && <p className="p-8 text-center text-danger">This file could not be found.</p>}
        {file && bytes && file.contentType === 'application/pdf' && (
          <Suspense fallback={<p className="p-8 text-center text-muted-foreground">Opening the document…</p>}>
            <PdfPages data={bytes} zoom={zoom} />
          </Suspense>
        )}
        {file && file.contentType.startsWith('image/') && (
          <img
            src={`data:${file.contentType};base64,${file.base64Data}`}
            alt={file.name}
            style={{ width: `${zoom * 100}%` }}
            className="mx-auto max-w-none bg-white shadow-md"
          />
        )}
      </div>
    </div>
  )
}

/** Without a file name: an empty page standing in for the document. */
function Placeholder() {
  return (
    <div className="mx-auto flex aspect-[1/1.414] w-full max-w-md flex-col items-center justify-center gap-2 bg-white text-muted-foreground shadow-md">
      <FileQuestion className="size-10" />
      <p>No document to show</p>
    </div>
  )
}
