import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { ApiErrorDto } from '../common/api-error.dto.js';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

class ReadinessDto extends HealthDto {
  @ApiProperty({ example: 'up' })
  database: 'up';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** The process is up. */
  @Get()
  @ApiOperation({ summary: 'Whether the process is up' })
  @ApiOkResponse({ type: HealthDto })
  live(): HealthDto {
    return { status: 'ok' };
  }

  /** The database answers `SELECT 1`. */
  @Get('ready')
  @ApiOperation({ summary: 'Whether the database answers' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'database unreachable' })
  async ready(): Promise<ReadinessDto> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Database unavailable');
    }
    return { status: 'ok', database: 'up' };
  }
}
