import { ConflictException, NotFoundException } from '@nestjs/common';
import { API_KEY_LIMITS } from '@dentalmarket/contracts/api-keys';

export class ApiKeyNotFound extends NotFoundException {
  constructor() {
    super('API key not found');
  }
}

/** API_KEY_LIMITS.activeMax keys that are not revoked: the list stays short enough to review. */
export class ApiKeyLimitReached extends ConflictException {
  constructor() {
    super(`This shop already has ${API_KEY_LIMITS.activeMax} API keys that are not revoked: revoke one before creating another`);
  }
}

/** A roll gives a key a new secret; a revoked or expired key stays unusable, so it gets none. */
export class ApiKeyNotRollable extends ConflictException {
  constructor(reason: 'revoked' | 'expired') {
    super(reason === 'revoked' ? 'A revoked API key cannot be rolled: create a new key' : 'An expired API key cannot be rolled: create a new key');
  }
}
