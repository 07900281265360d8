import { api } from './api'
import { postMultipart } from './multipart'

/** A command; `files` turn a POST into multipart: the body's JSON under `jsonField`, the files as `attachments`. */
export type Send = {
  method: 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  files?: readonly File[]
  jsonField?: string
}

export function sendCommand({ method, path, body, files, jsonField }: Send): Promise<unknown> {
  if (method === 'POST' && files && files.length > 0) {
    const form = new FormData()
    form.append(jsonField ?? 'data', JSON.stringify(body ?? {}))
    for (const file of files) form.append('attachments', file, file.name)
    return postMultipart(path, form)
  }
  return method === 'DELETE' ? api.delete(path, { body }) : api[method === 'POST' ? 'post' : 'patch'](path, body)
}
