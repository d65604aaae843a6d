import { ErrorCode } from '@medportal/contract';

export interface AppErrorOptions {
  /** Overrides the table message (already in the user's language). */
  message?: string;
  data?: Record<string, unknown> | null;
  /** Business errors answer HTTP 200 (the client reads `code`); transport-level ones set this. */
  httpStatus?: number;
}

/** A failure with a stable code from the contract's ErrorCode table, thrown by services. */
export class AppError extends Error {
  override name = 'AppError';
  readonly httpStatus: number;
  readonly data: Record<string, unknown> | null;
  readonly userMessage: string | undefined;

  constructor(
    readonly code: ErrorCode,
    opts: AppErrorOptions = {},
  ) {
    super(opts.message ?? `error ${code}`);
    this.httpStatus = opts.httpStatus ?? 200;
    this.data = opts.data ?? null;
    this.userMessage = opts.message;
  }
}

/** A VALIDATION error about one field, worded like the schema validator's (`field: message`). */
export function fieldError(lang: 'zh_CN' | 'en', field: string, words: { zh: string; en: string }): AppError {
  const message = lang === 'en' ? words.en : words.zh;
  return new AppError(ErrorCode.VALIDATION, { message: `${field}: ${message}`, data: { fields: [{ field, message }] } });
}
