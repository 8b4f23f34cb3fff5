import { Controller, Get, Header, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@dentalmarket/contracts';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { Database } from '../database/database.js';
import { RETRY_AFTER_SECONDS } from './outage.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

class ReadinessDto extends HealthDto {
  @ApiProperty({ example: 'up' })
  database: 'up';
}

/** A 503 answered, not thrown: the error filter would log every poll of a load balancer as a server error. */
function notReady(res: Response, message: string): ApiError {
  res.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message, error: 'Service Unavailable' };
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: Database) {}

  /** The process is up. */
  @Get()
  @ApiOperation({ summary: 'Whether the process is up' })
  @ApiOkResponse({ type: HealthDto })
  live(): HealthDto {
    return { status: 'ok' };
  }

  /**
   * The database answers `SELECT 1` and the API is not shutting down. While the database is known
   * to be down, or once a shutdown began, the answer is 503 at once.
   */
  @Get('ready')
  @ApiOperation({ summary: 'Whether the database answers and the API takes requests' })
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'database unreachable, or the API is shutting down' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto | ApiError> {
    const { status, dataSource } = this.database;
    if (status.closing) return notReady(res, 'Shutting down');
    if (status.down) return notReady(res, 'Database unavailable');
    try {
      await dataSource.query('SELECT 1');
    } catch (error) {
      status.failed(error);
      return notReady(res, 'Database unavailable');
    }
    return { status: 'ok', database: 'up' };
  }
}
