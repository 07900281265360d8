import type { ImportOutcome, ImportReport, LeadImportEvent, LeadImportStarted } from '@crm/contracts'

/** An upload as its `lead-import-<uploadId>` stream tells it: where a (re)started worker picks up. */
export interface ImportState {
  started: LeadImportStarted['data'] | null
  /** The stream's version: the next chunk is appended expecting it, so two workers never both commit a chunk. */
  version: number
  rowsDone: number
  created: number
  updated: number
  skipped: number
  details: ImportOutcome[]
  position: string | null
  finished: boolean
  failed: string | null
  /** The uploader asked to stop; the worker stops at the next chunk boundary. */
  cancelRequested: boolean
  cancelled: boolean
  /** Runs that stopped on an error since the last chunk got in: too many and the import gives up. */
  interruptionsSinceProgress: number
}

export const initialImportState: ImportState = {
  started: null,
  version: 0,
  rowsDone: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  details: [],
  position: null,
  finished: false,
  failed: null,
  cancelRequested: false,
  cancelled: false,
  interruptionsSinceProgress: 0,
}

/** Whether no worker will add anything to this import any more. */
export const hasEnded = (state: ImportState): boolean => state.finished || state.failed !== null || state.cancelled

export function evolveImport(state: ImportState, event: LeadImportEvent): ImportState {
  const next = { ...state, version: state.version + 1 }
  switch (event.type) {
    case 'LeadImportStarted':
      return { ...next, started: event.data }
    case 'LeadImportChunkCommitted': {
      const chunk = event.data
      return {
        ...next,
        rowsDone: chunk.rowsDone,
        created: state.created + chunk.created,
        updated: state.updated + chunk.updated,
        skipped: state.skipped + chunk.skipped,
        details: chunk.details.length > 0 ? [...state.details, ...chunk.details] : state.details,
        position: chunk.position ?? state.position,
        interruptionsSinceProgress: 0,
      }
    }
    case 'LeadImportInterrupted':
      return { ...next, interruptionsSinceProgress: state.interruptionsSinceProgress + 1 }
    case 'LeadImportFinished':
      return { ...next, finished: true }
    case 'LeadImportFailed':
      return { ...next, failed: event.data.error }
    case 'LeadImportCancelRequested':
      return { ...next, cancelRequested: true }
    case 'LeadImportCancelled':
      return { ...next, cancelled: true }
  }
}

export function reportOf(state: ImportState): ImportReport {
  const started = state.started
  if (!started) throw new Error('The import was never started')
  return {
    uploadId: started.uploadId,
    layout: started.layout,
    rows: started.rows,
    created: state.created,
    updated: state.updated,
    skipped: state.skipped,
    details: state.details,
    position: state.position,
  }
}
