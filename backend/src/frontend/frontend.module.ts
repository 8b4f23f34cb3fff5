import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LiveFrontendsService } from './live-frontends.service.js';
import { MfManifestController } from './mf-manifest.controller.js';

/** The runtime remotes manifest and what is live; the static files themselves are mounted by app.factory (express). */
@Module({ imports: [AuthModule], controllers: [MfManifestController], providers: [LiveFrontendsService] })
export class FrontendModule {}
