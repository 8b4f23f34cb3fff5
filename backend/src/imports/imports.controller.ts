import os from 'node:os';
import fs from 'node:fs/promises';
import {
  BadRequestException,
  Body,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  Header,
  HttpCode,
  Injectable,
  Param,
  ParseUUIDPipe,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {} from 'multer';
import { finalize, type Observable } from 'rxjs';
import { IMPORT_LIMITS, PRODUCT_CSV_COLUMNS, type ImportSummary } from '@dentalmarket/contracts';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import type { User } from '../auth/user.entity.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { SafeFileInterceptor } from '../common/safe-file.interceptor.js';
import { CatalogueExportService } from './catalogue-export.service.js';
import { ImportDetailDto, ImportDetailQueryDto, ImportListQueryDto, ImportSummaryDto, ImportUploadDto, ProductExportQueryDto } from './dto/imports.dto.js';
import { EXAMPLE_NAME_PREFIX, EXAMPLE_SLUG_PREFIX } from './example-rows.js';
import { ImportDryRunService } from './import-dry-run.service.js';
import { ImportsService } from './imports.service.js';

const MAX_MB = IMPORT_LIMITS.fileMaxBytes / 1024 / 1024;
const csvExample = `${PRODUCT_CSV_COLUMNS.join(',')}\r\nvita-vacumat-6000-mp,Vita Vacumat 6000 MP,equipment,lab-equipment,,Vita,8450.00,...`;

/**
 * The upload of POST /api/admin/imports: one file in the field `file`, written to a temporary file
 * (never whole in memory) and removed after the dry run; beyond 50 MB, 413 with the limit named.
 * Its name and the text fields are checked as any request's text (SafeFileInterceptor).
 */
@Injectable()
class ImportFileInterceptor extends SafeFileInterceptor('file', {
  dest: os.tmpdir(),
  limits: { fileSize: IMPORT_LIMITS.fileMaxBytes, files: 1, fields: 5 },
  // file names as browsers send them (UTF-8), not read as Latin-1
  defParamCharset: 'utf8',
}) {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const removeUpload = () => (request.file?.path ? fs.rm(request.file.path, { force: true }) : Promise.resolve());
    try {
      // the temporary file goes once the handler answered (or failed)
      return (await super.intercept(context, next)).pipe(finalize(() => void removeUpload()));
    } catch (error) {
      await removeUpload();
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(`The file is larger than ${MAX_MB} MB: split it into smaller files`);
      if (error instanceof BadRequestException && /unexpected|too many/i.test(error.message)) {
        throw new BadRequestException('Send one CSV file in the multipart field "file" (and optionally the field createCategories)');
      }
      throw error;
    }
  }
}

/** Catalogue CSV export and import (issue 22): every route behind AdminGuard. */
@ApiTags('admin')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'not signed in' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'not an admin, or a cross-site request' })
@UseGuards(AdminGuard)
@Controller('admin')
export class ImportsController {
  constructor(
    private readonly exports: CatalogueExportService,
    private readonly dryRun: ImportDryRunService,
    private readonly imports: ImportsService,
  ) {}

  @Get('products/export.csv')
  @ApiKeyScope('imports:write')
  @ApiOperation({ summary: "The catalogue (or the admin grid's filter) as CSV, streamed: one column per product field" })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'UTF-8 with a byte order mark; the header row, then one row per product in id order; categories by slug; features, specifications and service_details as JSON',
    schema: { type: 'string', example: csvExample },
  })
  async exportCsv(@Query() query: ProductExportQueryDto, @Res() response: Response): Promise<void> {
    await this.exports.exportCsv(query, response);
  }

  @Get('imports/template.csv')
  @ApiKeyScope('imports:write')
  @ApiOperation({
    summary: 'A CSV template for the import: the header row and two example rows',
    description:
      `An example row has a name starting with "${EXAMPLE_NAME_PREFIX.trim()}" and a slug starting with "${EXAMPLE_SLUG_PREFIX}": an import skips it (review.skipped), ` +
      'so the template uploaded as downloaded adds nothing. Renamed, or given a slug of its own, the row imports like any other.',
  })
  @ApiProduces('text/csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="products-template.csv"')
  @ApiOkResponse({ description: 'the same format as the export: an equipment product and a partner (affiliate) product', schema: { type: 'string', example: csvExample } })
  template(): Promise<string> {
    return this.exports.templateCsv();
  }

  @Post('imports')
  @ApiKeyScope('imports:write')
  @ApiOperation({
    summary: 'Upload a CSV and dry-run it: what each row would do (create, update, unchanged) or why it cannot, before anything changes',
  })
  @UseInterceptors(ImportFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: `the CSV (UTF-8; comma, semicolon or tab; at most ${MAX_MB} MB and ${IMPORT_LIMITS.rowsMax} rows)` },
        createCategories: { type: 'string', enum: ['true', 'false'], default: 'false', description: 'create missing categories and subcategories on apply' },
      },
    },
    examples: { typical: { summary: 'a CSV file in the field file', value: { file: '(the bytes of products.csv)', createCategories: 'false' } } },
  })
  @ApiCreatedResponse({
    type: ImportDetailDto,
    description: 'the dry run: counts, unknown columns, missing categories, the first page of row errors, and the review (the first rows to create and update, and the example rows skipped)',
  })
  @ApiPayloadTooLargeResponse({ type: ApiErrorDto, description: `larger than ${MAX_MB} MB` })
  async upload(@UploadedFile() file: Express.Multer.File | undefined, @Body() body: ImportUploadDto, @Req() request: Request): Promise<ImportDetailDto> {
    if (!file) throw new BadRequestException('No file: send the CSV in the multipart field "file"');
    return this.dryRun.run({ path: file.path, filename: file.originalname }, body.createCategories ?? false, (request.user as User | undefined)?.id ?? null);
  }

  @Get('imports')
  @ApiKeyScope('imports:write')
  @ApiOperation({ summary: 'The newest imports (a running one shows its progress)' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: [ImportSummaryDto] })
  list(@Query() query: ImportListQueryDto): Promise<ImportSummary[]> {
    return this.imports.list(query.limit);
  }

  @Get('imports/:id')
  @ApiKeyScope('imports:write')
  @ApiOperation({ summary: "An import's report: status, counts, progress, result and one page of row errors" })
  @ApiParam({ name: 'id', format: 'uuid' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ImportDetailDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such import (or older than 7 days)' })
  detail(@Param('id', new ParseUUIDPipe()) id: string, @Query() query: ImportDetailQueryDto): Promise<ImportDetailDto> {
    return this.imports.detail(id, query.errorsPage, query.errorsLimit);
  }

  @Post('imports/:id/apply')
  @ApiKeyScope('imports:write')
  @HttpCode(202)
  @ApiOperation({ summary: 'Apply a dry run as a background job, in batches; follow it with GET /api/admin/imports/{id}' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiAcceptedResponse({ type: ImportSummaryDto, description: 'queued' })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'no such import' })
  @ApiConflictResponse({ type: ApiErrorDto, description: 'applied already, being applied, or failed' })
  apply(@Param('id', new ParseUUIDPipe()) id: string): Promise<ImportSummary> {
    return this.imports.apply(id);
  }
}
