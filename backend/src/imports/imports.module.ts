import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { CatalogueExportService } from './catalogue-export.service.js';
import { ImportApplyJob } from './import-apply.job.js';
import { ImportDryRunService } from './import-dry-run.service.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';

/** Catalogue CSV export and import: the dry run in the request, the apply as a job on the shared queue. */
@Module({
  imports: [CatalogModule, JobsModule],
  controllers: [ImportsController],
  providers: [CatalogueExportService, ImportDryRunService, ImportsService, ImportApplyJob],
})
export class ImportsModule {}
