import { errors, useChineseZodMessages } from '@console/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { UpstreamUnavailableError, isUpstreamTimeout } from '../lib/upstream-errors.js';
import { isDataException } from '../db/db-errors.js';

const httpToError: Record<number, keyof typeof errors> = {
  400: 'validation',
  401: 'notSignedIn',
  403: 'forbidden',
  404: 'endpointNotFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
};

/** Turns every failure into the envelope; 5xx details go to the log only. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Validation messages reach operators as fieldErrors: Chinese, never zod's English defaults.
  useChineseZodMessages();
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const requestId = req.id;
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        errCode: err.errCode,
        errMsg: err.message,
        data: err.data,
        ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}),
        requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[field] ??= issue.message ?? errors.validation.message;
      }
      const first = Object.entries(fieldErrors)[0];
      return reply.status(400).send({
        errCode: errors.validation.code,
        errMsg: first ? `${errors.validation.message}：${first[1]}` : errors.validation.message,
        data: null,
        fieldErrors,
        requestId,
      });
    }
    const outside = isUpstreamTimeout(err)
      ? 'upstreamTimeout'
      : err instanceof UpstreamUnavailableError
        ? 'unavailable'
        : null;
    if (outside) {
      req.log.warn({ err }, 'outside system failed');
      const declared = errors[outside];
      const message = /[\u4e00-\u9fff]/.test(err.message) ? err.message : declared.message;
      return reply.status(declared.status).send({ errCode: declared.code, errMsg: message, data: null, requestId });
    }
    if (isDataException(err)) {
      // A value the database cannot take (PostgreSQL class 22: out of range, bad text): the
      // request's data, not a crash. Logged as an error all the same: validation should have caught it.
      req.log.error({ err }, 'database refused a value');
      const declared = errors.validation;
      return reply.status(400).send({ errCode: declared.code, errMsg: declared.message, data: null, requestId });
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && httpToError[status]) {
      const declared = errors[httpToError[status]];
      return reply.status(declared.status === 500 ? 400 : status).send({
        errCode: declared.code,
        errMsg: declared.message,
        data: null,
        requestId,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ errCode: errors.internal.code, errMsg: errors.internal.message, data: null, requestId });
  });

  app.setNotFoundHandler((req, reply) => {
    const e = errors.endpointNotFound;
    return reply.status(404).send({ errCode: e.code, errMsg: e.message, data: null, requestId: req.id });
  });
}
