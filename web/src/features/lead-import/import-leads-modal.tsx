import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { LARGE_IMPORT_ROWS, leadImportMessages, type ImportReport } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { isApiError, problemMessage } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { positions } from '../../lib/positions'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { CsvDropZone } from './csv-drop-zone'
import { formatDateTime } from '../../lib/format-date'
import { everyRowRead, ImportProgress } from './import-progress'
import {
  cancelImport,
  countRows,
  downloadRefusedRows,
  importJobStatus,
  inWorkingHours,
  isCsvFile,
  recentImportsQuery,
  uploadLeads,
} from './lead-import-api'

/** Import New Leads (docs/product.md section 2): pick a CSV, upload, follow the background job's progress. */
function ImportLeads({ close }: ModalComponentProps<undefined>) {
  const [file, setFile] = useState<File | null>(null)
  const [rows, setRows] = useState<number | null>(null)
  const [warning, setWarning] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [uploadedJobId, setJobId] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const recent = useQuery(recentImportsQuery())
  // An import still running (started before a restart, or before this window was last closed) is followed again.
  const jobId = uploadedJobId ?? recent.data?.rows.find((r) => r.state === 'active')?.jobId ?? null
  const [cancelling, setCancelling] = useState(false)
  const job = useQuery({
    queryKey: ['lead-import-job', jobId],
    queryFn: () => importJobStatus(jobId!),
    enabled: jobId !== null,
    // The server moves the figures about once a second; polling twice as often shows each step.
    refetchInterval: (q) => (['completed', 'failed', 'cancelled'].includes(q.state.data?.state ?? '') ? false : 500),
  })
  const ended = job.data?.state === 'completed' || job.data?.state === 'cancelled'
  const report = ended ? (job.data!.result as ImportReport) : null
  if (report?.position && positions.current() !== report.position) {
    positions.remember(report.position)
    void queryClient.invalidateQueries()
  }
  const pick = async (picked: File | null) => {
    setFile(picked)
    setRows(null)
    setWarning(null)
    if (!picked) return
    if (!isCsvFile(picked)) return notify.error(leadImportMessages.csvOnly)
    const counted = await countRows(picked)
    setRows(counted)
    if (counted > LARGE_IMPORT_ROWS && inWorkingHours()) setWarning(leadImportMessages.largeImportWarning)
  }
  const upload = async () => {
    if (!isCsvFile(file)) return
    setUploading(true)
    try {
      const accepted = await uploadLeads(file)
      setJobId(accepted.jobId)
      if (accepted.warning) setWarning(accepted.warning)
    } catch (error) {
      notify.error(isApiError(error) ? problemMessage(error.problem) : leadImportMessages.csvOnly)
    } finally {
      setUploading(false)
    }
  }
  const cancel = async () => {
    if (!jobId) return
    setCancelling(true)
    try {
      await cancelImport(jobId)
      await job.refetch()
    } catch (error) {
      notify.error(isApiError(error) ? problemMessage(error.problem) : 'Something went wrong!')
    } finally {
      setCancelling(false)
    }
  }
  const refused = async () => {
    if (jobId && !(await downloadRefusedRows(jobId))) notify.error('Something went wrong!')
  }
  const running = jobId !== null && !report && job.data?.state !== 'failed'
  const detail = job.data?.detail
  const cancellable = running && !everyRowRead(detail)
  return (
    <>
      <ModalBody className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          A CSV with the lead headers (name_and_safer_name and date_entered required) or a USDOT census extract.
          Contacts already in the CRM (same DOT or MC) get the new facts instead of a second record.
        </p>
        <CsvDropZone file={file} rows={rows} disabled={uploading || running} onPick={(picked) => void pick(picked)} />
        {warning && <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">{warning}</p>}
        {jobId && <ImportProgress detail={detail} percent={job.data?.progress ?? 0} running={running} />}
        {job.data?.state === 'failed' && <p className="text-sm text-danger">{job.data.error}</p>}
        {job.data?.state === 'cancelled' && <p className="text-sm text-warning">{job.data.error}</p>}
        {report && (
          <div className="text-sm">
            <p className="font-medium">
              {report.created} created, {report.updated} updated, {report.skipped} skipped of {report.rows} rows
            </p>
            {report.skipped > 0 && (
              <Button className="mt-1" onClick={() => void refused()}>
                Download the skipped rows (CSV, with line numbers and why)
              </Button>
            )}
            <ul className="mt-2 max-h-48 overflow-auto text-xs text-muted-foreground">
              {report.details.map((d) => (
                <li key={d.row}>
                  Row {d.row} {d.name ? `(${d.name})` : ''}: {d.outcome}, {d.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {(recent.data?.rows.length ?? 0) > 0 && (
          <div className="text-xs">
            <p className="mb-1 font-medium">Your recent imports</p>
            <table className="w-full text-left tabular">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-0.5 font-normal">File</th>
                  <th className="font-normal">Started</th>
                  <th className="font-normal">State</th>
                  <th className="text-right font-normal">Created / updated / skipped</th>
                </tr>
              </thead>
              <tbody>
                {recent.data!.rows.map((r) => (
                  <tr key={r.jobId} className="border-t">
                    <td className="max-w-48 truncate py-0.5">{r.fileName}</td>
                    <td>{formatDateTime(r.startedAt)}</td>
                    <td>
                      {r.state === 'active'
                        ? `${r.progress}% of ${r.rows.toLocaleString('en-US')} rows`
                        : r.state === 'completed'
                          ? 'Done'
                          : r.state === 'cancelled'
                            ? `Cancelled after ${r.rowsDone.toLocaleString('en-US')} rows`
                            : 'Failed'}
                    </td>
                    <td className="text-right">
                      {r.created} / {r.updated} / {r.skipped}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ModalBody>
      <ModalFooter>
        {cancellable && (
          <Button disabled={cancelling || detail?.cancelRequested} onClick={() => void cancel()}>
            Cancel import
          </Button>
        )}
        <Button onClick={close}>Close</Button>
        <Button variant="primary" disabled={!isCsvFile(file) || uploading || running} onClick={() => void upload()}>
          Upload
        </Button>
      </ModalFooter>
    </>
  )
}

export const importLeadsModal = defineModal('import_new_leads', {
  title: 'Import New Leads',
  width: 640,
  component: ImportLeads,
})
