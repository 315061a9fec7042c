// Every failure leaves as `{ message, fieldErrors? }` with a sentence a user can read.
// Unexpected errors are logged with the request id and answered with a bare 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, validationError } from '../app-error';
import { serializeError } from '../logging';
import { isDatabaseUnavailable } from '../db/database-errors';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../shared/errors';

// A restarting PostgreSQL is usually back within seconds.
const DATABASE_RETRY_AFTER_SECONDS = '5';

// Fastify's own client errors, reworded for people.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported. Send JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | AppError | z.ZodError, request, reply) => {
    if (error instanceof z.ZodError) error = validationError(error);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send({ message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FASTIFY_MESSAGES[error.code] ?? (error.code === 'FST_ERR_VALIDATION' ? 'The request is not valid.' : 'The request could not be processed.');
      // Malformed JSON reaches us as a SyntaxError with status 400.
      const friendly = error instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY! : message;
      return reply.code(status).send({ message: friendly });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable');
      return reply.code(503).header('Retry-After', DATABASE_RETRY_AFTER_SECONDS).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    // Serialized here as well as by the logger, so a test's own logger cannot log a row's values.
    request.log.error({ err: serializeError(error) }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !app.hasClientBuild || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // Client-side routes (/startup/dashboard, /auth, unknown paths...) all load the app shell;
    // the client router shows its own 404 page for paths it does not know.
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
