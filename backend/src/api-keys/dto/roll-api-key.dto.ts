import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { API_KEY_LIMITS, type RollApiKeyRequest } from '@dentalmarket/contracts/api-keys';

const GRACE_MESSAGE = `grace_hours must be a whole number of hours from 0 to ${API_KEY_LIMITS.rollGraceHoursMax}`;

/** POST /api/admin/api-keys/:id/roll */
export class RollApiKeyDto implements RollApiKeyRequest {
  @ApiProperty({ minimum: 0, maximum: API_KEY_LIMITS.rollGraceHoursMax, example: 24, description: 'how long the old secret keeps working, in hours; 0: it stops at once' })
  @IsInt({ message: GRACE_MESSAGE })
  @Min(0, { message: GRACE_MESSAGE })
  @Max(API_KEY_LIMITS.rollGraceHoursMax, { message: GRACE_MESSAGE })
  grace_hours: number;
}
