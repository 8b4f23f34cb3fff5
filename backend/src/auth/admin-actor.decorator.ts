import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from './user.entity.js';

/**
 * Who makes an admin change, as its history records it: the signed-in admin's username, or, for a
 * request signed with an API key (which has no user), the key by name and prefix, e.g.
 * `API key ERP sync (dm_sk_7Gq2LmXa)`.
 */
export const AdminActor = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<Request>();
  if (request.apiKey) return `API key ${request.apiKey.name} (${request.apiKey.prefix})`;
  return (request.user as User).username;
});
