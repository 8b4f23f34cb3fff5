import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { ApiKeyScope as Scope } from '@dentalmarket/contracts/api-keys';

export const API_KEY_SCOPE = 'dentalmarket:api-key-scope';
/** The OpenAPI security scheme of API keys (app.factory.ts declares it). */
export const API_KEY_SECURITY = 'api-key';
/** The operation's scope in the OpenAPI document, for programs; app.factory.ts adds the description and the 429 from it. */
export const API_KEY_SCOPE_EXTENSION = 'x-api-key-scope';

/**
 * The scope an API key needs for an admin route (on a handler, or on a controller for all of its
 * handlers; a handler's own wins). AdminGuard reads it: an admin route without one refuses keys
 * (403: it needs a signed-in admin). The OpenAPI document then offers the key beside the cookie.
 */
export const ApiKeyScope = (scope: Scope) =>
  applyDecorators(
    SetMetadata(API_KEY_SCOPE, scope),
    ApiSecurity(API_KEY_SECURITY),
    ApiExtension(API_KEY_SCOPE_EXTENSION, scope),
  );
