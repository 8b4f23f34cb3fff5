import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { HealthController } from './health.controller.js';
import { WarmUp } from './warm-up.js';

@Module({ imports: [CatalogModule], controllers: [HealthController], providers: [WarmUp], exports: [WarmUp] })
export class HealthModule {}
