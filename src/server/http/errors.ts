// The one error handler: every failure becomes {"error": "..."} (+ details); client mistakes stay 4xx, no stack leaves.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance } from 'fastify';
import { LIMITS } from '../../contract/limits';
import { PRE_ROUTING_HEADERS } from './security';
import { RequestValidationError } from './validation';

/** The 404 answer for a row that is not there or not the caller's to see: notFound('Blog') is 'Blog not found'. */
export const notFound = (what: string) => ({ error: `${what} not found` });

/** What a malformed id in the URL answers (a params schema's failure), for a route that checks its id itself. */
export const INVALID_ID = {
  error: 'Invalid id in the URL',
  details: [{ path: 'id', message: 'must be a positive integer' }],
};

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

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (a broken request line or header, a Content-Length that
 * contradicts Transfer-Encoding, headers over 16 KB): the API's error shape and the same security headers as every
 * other answer, then the connection is closed, as Node itself does.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timed out']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  const headers = {
    ...PRE_ROUTING_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}

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
