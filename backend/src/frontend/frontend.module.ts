import { Module } from '@nestjs/common';
import { MfManifestController } from './mf-manifest.controller.js';

/** The runtime remotes manifest; the static files themselves are mounted by app.factory (express). */
@Module({ controllers: [MfManifestController] })
export class FrontendModule {}
