import { messages, type Problem } from '@crm/contracts'

/** A failed API call, carrying the application/problem+json body (docs/architecture.md "The public API"). */
export class ApiError extends Error {
  readonly status: number
  readonly problem: Problem

  constructor(problem: Problem) {
    super(problem.detail || problem.title || messages.somethingWentWrong)
    this.name = 'ApiError'
    this.status = problem.status
    this.problem = problem
  }

  /** 400 field path → message, for showing under form fields. */
  get fieldErrors(): Record<string, string> {
    return this.problem.errors ?? {}
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

/** Reads a problem body defensively: proxies and crashes answer with HTML or nothing at all. */
export function toProblem(status: number, statusText: string, body: unknown): Problem {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const errors =
    b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)
      ? Object.fromEntries(
          Object.entries(b.errors as Record<string, unknown>).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
      : undefined
  return {
    type: typeof b.type === 'string' ? b.type : 'about:blank',
    title: typeof b.title === 'string' ? b.title : statusText,
    status: typeof b.status === 'number' ? b.status : status,
    detail: typeof b.detail === 'string' ? b.detail : undefined,
    errors,
  }
}

/** What a user reads for a failure that is not a field error (docs/product.md section 8). */
export function problemMessage(problem: Problem): string {
  if (problem.detail) return problem.detail
  // A bare 5xx title ("Internal Server Error") tells a rep nothing.
  if (problem.status >= 500 || problem.status === 0 || !problem.title) return messages.somethingWentWrong
  return problem.title
}
