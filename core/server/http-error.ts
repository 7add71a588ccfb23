/**
 * Thrown by route handlers for an expected failure. `code` is an i18n key (from core or the plugin's resources);
 * the host answers with the translated message in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(code);
    this.name = 'HttpError';
  }

  static badRequest(code: string, field?: string, params?: Record<string, string | number>): HttpError {
    return new HttpError(400, code, params, field);
  }
  static notFound(code = 'errors.notFound'): HttpError {
    return new HttpError(404, code);
  }
  static forbidden(code = 'errors.forbidden'): HttpError {
    return new HttpError(403, code);
  }
  static conflict(code: string, field?: string): HttpError {
    return new HttpError(409, code, {}, field);
  }
}
