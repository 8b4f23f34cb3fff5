import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import type { ApiError } from '@dentalmarket/contracts';
import { TooManyRequests } from '../rate-limits/too-many-requests.js';

/** Singular nouns for the tables, for messages such as "A category with this slug already exists". */
const TABLE_NOUNS: Record<string, string> = {
  users: 'user',
  categories: 'category',
  subcategories: 'subcategory',
  products: 'product',
};

/** Constraints whose key PostgreSQL reports as an expression, by the field a client knows. */
const CONSTRAINT_FIELDS: Record<string, string> = {
  UQ_users_username_lower: 'username',
  UQ_users_email_lower: 'email',
};

interface PgError {
  code?: string;
  detail?: string;
  table?: string;
  constraint?: string;
}

function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  if (!name) return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** Maps a PostgreSQL error (through TypeORM) to a client-safe status and message, or null. */
function fromPostgres(error: PgError): { status: number; message: string } | null {
  const noun = (error.table && TABLE_NOUNS[error.table]) ?? 'record';
  switch (error.code) {
    case '23505': {
      const field =
        (error.constraint && CONSTRAINT_FIELDS[error.constraint]) ?? /Key \(([^)]+)\)=/.exec(error.detail ?? '')?.[1] ?? error.constraint ?? 'value';
      return { status: HttpStatus.CONFLICT, message: `A ${noun} with this ${field} already exists` };
    }
    case '23503': {
      const field = /Key \(([^)]+)\)=/.exec(error.detail ?? '')?.[1];
      return error.detail?.includes('is still referenced')
        ? { status: HttpStatus.CONFLICT, message: `This ${noun} is still referenced by other records` }
        : { status: HttpStatus.CONFLICT, message: `The referenced ${field ?? 'record'} does not exist` };
    }
    case '23001':
      return { status: HttpStatus.CONFLICT, message: `This ${noun} is still referenced by other records` };
    case '23502':
      return { status: HttpStatus.BAD_REQUEST, message: 'A required field is missing' };
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
      return { status: HttpStatus.BAD_REQUEST, message: 'A value has an invalid format or is out of range' };
    case '23514':
      return { status: HttpStatus.BAD_REQUEST, message: 'A value breaks a data rule' };
    default:
      return null;
  }
}

/**
 * The one exception filter: every error leaves as `{ statusCode, message, error }`. Database
 * errors are translated; anything unknown is a 500 with a generic message, logged with a request id.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const body = this.toBody(exception, request);
    if (response.headersSent) return;
    // a limit's 429 says when to come back (TooManyRequests)
    if (exception instanceof TooManyRequests) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, request: Request): ApiError {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'string'
          ? payload
          : ((payload as { message?: string | string[] }).message ?? exception.message);
      if (status >= 500) this.logError(exception, request);
      // a 409 of POST /api/orders names the lines that changed (OrderConflictResponse)
      const lines = typeof payload === 'object' ? (payload as { lines?: unknown }).lines : undefined;
      return { statusCode: status, message, error: reasonPhrase(status), ...(Array.isArray(lines) ? { lines } : {}) };
    }
    const driverError = exception instanceof QueryFailedError ? (exception.driverError as PgError) : (exception as PgError);
    const mapped = exception && typeof exception === 'object' ? fromPostgres(driverError) : null;
    if (mapped) return { statusCode: mapped.status, message: mapped.message, error: reasonPhrase(mapped.status) };
    // body-parser errors (malformed JSON, too large) carry their own 4xx status
    const status = (exception as { status?: number; statusCode?: number } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 400 ? 'Malformed request body' : reasonPhrase(status);
      return { statusCode: status, message, error: reasonPhrase(status) };
    }
    const requestId = this.logError(exception, request);
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: `Internal server error (request id ${requestId})`,
      error: 'Internal Server Error',
    };
  }

  private logError(exception: unknown, request: Request): string {
    const requestId = (request.headers['x-request-id'] as string | undefined) ?? randomUUID();
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    this.logger.error(`[${requestId}] ${request.method} ${request.originalUrl}: ${detail}`);
    return requestId;
  }
}
