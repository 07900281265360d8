import { messages, type Problem } from '@crm/contracts'

/**
 * An error that is already an answer: the error handler sends it as application/problem+json as it is.
 * Throw these from handlers and hooks; anything else becomes a logged 500 without details.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly extra: { detail?: string; errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(title)
    this.name = 'HttpProblem'
  }

  toProblem(): Problem {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      ...(this.extra.detail !== undefined && { detail: this.extra.detail }),
      ...(this.extra.errors !== undefined && { errors: this.extra.errors }),
    }
  }
}

/**
 * A business rule said no (the decider's verdict). Answered 422 with the message, which is user-facing and
 * verbatim from docs/product.md; the web shows it for 5 s.
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DomainError'
  }
}

export const badRequest = (title: string, errors?: Record<string, string>) =>
  new HttpProblem(400, title, { ...(errors && { errors }), detail: errors ? Object.values(errors).join('; ') : title })
export const unauthorized = (detail?: string) => new HttpProblem(401, messages.unauthorized, detail ? { detail } : {})
export const forbidden = (detail?: string) => new HttpProblem(403, messages.forbidden, detail ? { detail } : {})
export const notFound = (detail?: string) => new HttpProblem(404, messages.notFound, detail ? { detail } : {})
export const conflict = () => new HttpProblem(409, messages.concurrentChange, { detail: messages.concurrentChange })
/** A service outside the product that the call reads from failed; `title` is the message to show. */
export const badGateway = (title: string, detail?: string) => new HttpProblem(502, title, detail ? { detail } : {})
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too many attempts, please wait a minute and try again', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  })
