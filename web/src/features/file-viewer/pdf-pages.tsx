import { useEffect, useRef, useState } from 'react'
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

GlobalWorkerOptions.workerSrc = workerUrl

/** The pages of a PDF drawn by PDF.js at the given zoom. */
export function PdfPages({ data, zoom }: { data: Uint8Array; zoom: number }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    // PDF.js takes the buffer over: give it a copy so a second render still has one.
    const task = getDocument({ data: data.slice() })
    task.promise.then(setPdf, () => setFailed(true))
    return () => void task.destroy()
  }, [data])
  if (failed) return <p className="p-8 text-center text-danger">This PDF could not be opened.</p>
  if (!pdf) return <p className="p-8 text-center text-muted-foreground">Opening the document…</p>
  return (
    <div className="flex flex-col items-center gap-4">
      {Array.from({ length: pdf.numPages }, (_, i) => (
        <PdfPage key={i} pdf={pdf} pageNumber={i + 1} zoom={zoom} />
      ))}
    </div>
  )
}

function PdfPage({ pdf, pageNumber, zoom }: { pdf: PDFDocumentProxy; pageNumber: number; zoom: number }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let cancelled = false
    let render: { cancel(): void } | undefined
    void pdf.getPage(pageNumber).then((page) => {
      if (cancelled || !canvas.current) return
      const viewport = page.getViewport({ scale: zoom })
      const ratio = window.devicePixelRatio || 1
      const element = canvas.current
      element.width = Math.floor(viewport.width * ratio)
      element.height = Math.floor(viewport.height * ratio)
      element.style.width = `${Math.floor(viewport.width)}px`
      element.style.height = `${Math.floor(viewport.height)}px`
      const task = page.render({
        canvas: element,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      })
      render = task
      task.promise.catch(() => undefined)
    })
    return () => {
      cancelled = true
      render?.cancel()
    }
  }, [pdf, pageNumber, zoom])
  return <canvas ref={canvas} aria-label={`Page ${pageNumber}`} className="max-w-none bg-white shadow-md" />
}
