// The one error handler: every failure becomes {"error": "..."} (+ details); client mistakes stay 4xx, no stack leaves.
import type { FastifyError, FastifyInstance } from 'fastify';
import { LIMITS } from '../contract/limits';
import { RequestValidationError } from './validation';

const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

const messages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its Content-Length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_BODY_TOO_LARGE: `Request body is too large (max ${megabytes(LIMITS.bodyMaxBytes)})`,
  FST_REQ_FILE_TOO_LARGE: `Image is too large (max ${megabytes(LIMITS.uploadMaxBytes)})`,
  FST_FILES_LIMIT: 'Send one image per request',
  FST_PARTS_LIMIT: 'Too many form fields',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PROTO_VIOLATION: 'Invalid form field name',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the image as multipart/form-data in a field named file',
  FST_MP_PREMATURE_CLOSE: 'The upload ended before it was complete',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(400).send({ error: error.message, details: error.details });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && request.routeOptions.url === '/api/uploads') {
      return reply.code(415).send({ error: messages.FST_INVALID_MULTIPART_CONTENT_TYPE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        messages[error.code] ?? (error instanceof SyntaxError ? 'Malformed JSON in request body' : error.message);
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ error: 'Internal server error' });
  });
}
