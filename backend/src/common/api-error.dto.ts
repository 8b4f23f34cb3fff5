import { ApiProperty } from '@nestjs/swagger';
import type { ApiError } from '@dentalmarket/contracts';

/** The body of every error response. */
export class ApiErrorDto implements ApiError {
  @ApiProperty({ example: 404 })
  statusCode: number;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: 'Category not found',
  })
  message: string | string[];

  @ApiProperty({ example: 'Not Found' })
  error: string;
}
