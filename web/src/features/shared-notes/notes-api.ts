import type { z } from 'zod'
import type { addCommentSchema, addSharedNoteSchema, CommentRow, SharedNotesPage } from '@crm/contracts'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { lifecycleKeys } from '../../lib/query-keys'
import { api } from '../../lib/api'
import { postMultipart } from '../../lib/multipart'

const SHARED_NOTES_PAGE = 10
const id = encodeURIComponent

/**
 * The shared-notes timeline, 10 at a time, newest first. Keyed under the contact's lifecycle key, so any
 * contact command (adding or removing a note) refreshes it.
 */
export const sharedNotesQuery = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: lifecycleKeys.part(contactId, 'shared-notes'),
    queryFn: ({ pageParam, signal }) =>
      api.get<SharedNotesPage>(
        `/activity/shared-notes?contactId=${id(contactId)}&limit=${SHARED_NOTES_PAGE}&first=${pageParam}`,
        { signal, quiet: true },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0)
      return loaded < last.total ? loaded : undefined
    },
    meta: { live: true },
  })

export const commentsQuery = (contactId: string) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, 'comments'),
    queryFn: ({ signal }) =>
      api.get<CommentRow[]>(`/activity/comments/by-contact/${id(contactId)}`, { signal, quiet: true }),
    meta: { live: true },
  })

/**
 * The commands on shared notes and comments. A shared note with files goes as multipart: its JSON under
 * `dataForNote`, the files as `attachments`.
 */
export const noteCommands = {
  addSharedNote: (body: z.input<typeof addSharedNoteSchema>, files: readonly File[]) => {
    if (files.length === 0) return api.post('/activity/shared-notes', body)
    const form = new FormData()
    form.append('dataForNote', JSON.stringify(body))
    for (const file of files) form.append('attachments', file, file.name)
    return postMultipart('/activity/shared-notes', form)
  },
  addComment: (body: z.input<typeof addCommentSchema>) => api.post('/activity/comments', body),
  removeSharedNote: (contactId: string, noteId: string) =>
    api.delete(`/activity/shared-notes/${id(noteId)}?contactId=${id(contactId)}`),
  removeComment: (contactId: string, commentId: string) =>
    api.delete(`/activity/comments/${id(commentId)}?contactId=${id(contactId)}`),
}
