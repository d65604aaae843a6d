import { type ApiLanguage, ErrorCode, errorMessage } from '@medportal/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { fieldErrors, RequestValidationError } from '../lib/validation.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes an envelope as a ready JSON string. Error envelopes bypass the route's response schema
 * (which describes the success shape) on purpose.
 */
export function sendEnvelope(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  data: Record<string, unknown> | null = null,
): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify({ code, message, data }));
}

const langOf = (req: FastifyRequest): ApiLanguage => req.ctx?.lang ?? 'zh_CN';

/** 404 envelope for unknown API paths and methods. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, 404, ErrorCode.NOT_FOUND, errorMessage(ErrorCode.NOT_FOUND, langOf(req)));
}

/** Transport-level failures keep a real HTTP status; each maps to one contract code. */
const TRANSPORT_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.UNAVAILABLE,
};

/** The one error handler: every failure leaves as a {code, message, data} envelope. */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | Error, req, reply) => {
      const lang = langOf(req);

      if (err instanceof RequestValidationError) {
        const fields = fieldErrors(err, lang);
        const message = fields
          .slice(0, 3)
          .map((f) => `${f.field}: ${f.message}`)
          .join('; ');
        req.log.info({ fields }, 'request validation failed');
        return sendEnvelope(reply, 200, ErrorCode.VALIDATION, message, { fields });
      }

      if (err instanceof AppError) {
        if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
        return sendEnvelope(reply, err.httpStatus, err.code, err.userMessage ?? errorMessage(err.code, lang), err.data);
      }

      const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        req.log.info({ code: 'code' in err ? err.code : undefined, status }, err.message);
        const code = TRANSPORT_CODES[status] ?? ErrorCode.BAD_REQUEST;
        return sendEnvelope(reply, status, code, errorMessage(code, lang));
      }

      // Anything else is our fault: log it whole, answer generically with the id to quote.
      req.log.error({ err }, 'unhandled error');
      const code = status === 503 ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL;
      return sendEnvelope(reply, status === 503 ? 503 : 500, code, errorMessage(code, lang), { request_id: req.id });
    });
  },
  { name: 'errors', dependencies: ['context'] },
);
