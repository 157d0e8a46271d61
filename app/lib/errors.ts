/** A failure a use case reports on purpose: each door turns it into its own kind of answer. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * The refusal a page action answers (its message and status), from what its use case threw; anything
 * else is thrown on, to the error page and the log.
 */
export function refusalOf(error: unknown): AppError {
  if (!isAppError(error)) throw error;
  return error;
}
