import { Global, Module } from '@nestjs/common';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';
import { ApiKeysController } from './api-keys.controller.js';
import { ApiKeysService } from './api-keys.service.js';

/**
 * API keys: the admin's endpoints, and the authenticator AdminGuard asks about keyed requests.
 * Global, because AdminGuard is instantiated in every module whose controllers use it.
 */
@Global()
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeyAuthenticator],
  exports: [ApiKeyAuthenticator],
})
export class ApiKeysModule {}
