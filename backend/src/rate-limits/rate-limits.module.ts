import { Global, Module } from '@nestjs/common';
import { RateLimiter } from './rate-limiter.service.js';

/** The shared rate limiter, for every module that limits a client. */
@Global()
@Module({ providers: [RateLimiter], exports: [RateLimiter] })
export class RateLimitsModule {}
