import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@dentalmarket/contracts';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SearchIndexService } from '../catalog/search/search-index.service.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Database } from '../database/database.js';
import { RETRY_AFTER_SECONDS } from './outage.js';
import { WarmUp } from './warm-up.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

class ReadinessDto extends HealthDto {
  @ApiProperty({ example: 'up' })
  database: 'up';
}

/** How long a readiness check waits for the search index's first load before answering 503 (a small catalogue loads within it). */
const FIRST_LOAD_WAIT_MS = 1000;

/** A 503 answered, not thrown: the error filter would log every poll of a load balancer as a server error. */
function notReady(res: Response, message: string): ApiError {
  res.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message, error: 'Service Unavailable' };
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: Database,
    private readonly searchIndex: SearchIndexService,
    private readonly warmUp: WarmUp,
  ) {}

  /** The process is up. */
  @Get()
  @ApiOperation({ summary: 'Whether the process is up' })
  @ApiOkResponse({ type: HealthDto })
  live(): HealthDto {
    return { status: 'ok' };
  }

  /**
   * The database answers `SELECT 1`, the API is not shutting down, the search index's first load
   * after start is done (waited for up to a second; SEARCH_INDEX=off skips it) and so is the warm-up
   * after it (WARMUP_MS, health/warm-up.ts). While the database is known to be down, or once a
   * shutdown began, the answer is 503 at once.
   */
  @Get('ready')
  @ApiOperation({ summary: 'Whether the database answers and the API takes requests' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'database unreachable, the API shutting down, or, after a start, its search index still loading or its warm-up running' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto | ApiError> {
    const { status, dataSource } = this.database;
    if (status.closing) return notReady(res, 'Shutting down');
    if (status.down) return notReady(res, 'Database unavailable');
    if (!(await this.searchIndex.firstLoadDone(FIRST_LOAD_WAIT_MS))) return notReady(res, 'Search index loading');
    if (!this.warmUp.done) return notReady(res, 'Warming up');
    try {
      await dataSource.query('SELECT 1');
    } catch (error) {
      status.failed(error);
      return notReady(res, 'Database unavailable');
    }
    return { status: 'ok', database: 'up' };
  }
}
