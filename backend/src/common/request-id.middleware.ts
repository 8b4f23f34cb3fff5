import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** Every request gets an id (the caller's X-Request-Id when sent), echoed back and used in error logs. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('X-Request-Id', id);
  next();
}
