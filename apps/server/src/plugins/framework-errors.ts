import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errors } from '@console/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The two ways a request fails before Fastify's error handler sees it, answered with the envelope
 * too (issue 26): otherwise a raw `?name=头像.png` or a malformed `%` in a path answered Fastify's
 * English `{"error":"Bad Request"}`.
 */

type Declared = (typeof errors)[keyof typeof errors];

/** Fastify's connection-level error: Node's HTTP parser refused the bytes (llhttp's `HPE_*` codes). */
type ConnectionError = Parameters<NonNullable<FastifyServerOptions['clientErrorHandler']>>[0];

function connectionError(code: string): Declared {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return errors.requestTimeout;
  if (code === 'HPE_HEADER_OVERFLOW') return errors.headersTooLarge;
  return errors.badRequest;
}

/**
 * Node's parser refused the request (raw non-ASCII bytes or spaces in the URL, an unknown method,
 * headers too large, garbage): there is no request object, only the socket, so the response is
 * written by hand, as Fastify's default handler does, then the connection is closed.
 */
function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const declared = connectionError(err.code);
  const body = JSON.stringify({ errCode: declared.code, errMsg: declared.message, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${declared.status} ${STATUS_CODES[declared.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The router refused the URL (FST_ERR_BAD_URL: a malformed `%` escape; FST_ERR_MAX_PARAM_LENGTH)
 * before any route or hook: the request never reaches the error handler. We declare no async
 * route constraints, so FST_ERR_ASYNC_CONSTRAINT would be a bug of ours: a 500.
 */
function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const declared = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? errors.internal : errors.badRequest;
  if (declared === errors.internal) req.log.error({ err: error }, 'router failed');
  void reply
    .status(declared.status)
    .send({ errCode: declared.code, errMsg: declared.message, data: null, requestId: req.id });
}

/** Options for `Fastify()`: both handlers are server options, not hooks a plugin could add. */
export const frameworkErrorOptions = { clientErrorHandler, frameworkErrors } satisfies Pick<
  FastifyServerOptions,
  'clientErrorHandler' | 'frameworkErrors'
>;
