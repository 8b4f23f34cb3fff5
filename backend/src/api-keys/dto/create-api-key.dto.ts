import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyRequest } from '@dentalmarket/contracts/api-keys';
import { HasVisibleCharacters } from '../../common/visible-text.js';

/** A date-time with its time zone: `2027-01-31T00:00:00Z` means one instant wherever the client is. */
const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_TIME_MESSAGE = 'expires_at must be an ISO 8601 date-time with a time zone, such as 2027-01-31T00:00:00Z, or null';

/** Later than now: a key that expired at birth is a mistake worth naming. */
const InTheFuture = () =>
  ValidateBy({
    name: 'inTheFuture',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || Date.parse(value) > Date.now(),
      defaultMessage: (args) => `${args?.property ?? 'value'} must be in the future`,
    },
  });

/** POST /api/admin/api-keys */
export class CreateApiKeyDto implements CreateApiKeyRequest {
  @ApiProperty({ minLength: 1, maxLength: API_KEY_LIMITS.nameMax, example: 'ERP stock sync', description: 'what the key is for, shown in the list' })
  @IsString()
  @MinLength(1, { message: 'name is required' })
  @MaxLength(API_KEY_LIMITS.nameMax)
  @HasVisibleCharacters()
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, minItems: 1, uniqueItems: true, example: ['catalogue:read'], description: 'what the key may do (at least one, each once)' })
  @IsArray({ message: 'scopes must be a list of scopes' })
  @ArrayNotEmpty({ message: 'scopes must name at least one scope' })
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @ArrayUnique({ message: 'scopes must not name a scope twice' })
  @IsIn(API_KEY_SCOPES, { each: true, message: `each of scopes must be one of: ${API_KEY_SCOPES.join(', ')}` })
  scopes: ApiKeyScope[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, example: '2027-01-31T00:00:00Z', description: 'when the key stops working (in the future); null or left out: never' })
  @IsOptional()
  @IsString({ message: DATE_TIME_MESSAGE })
  @Matches(DATE_TIME_WITH_ZONE, { message: DATE_TIME_MESSAGE })
  @IsISO8601({ strict: true }, { message: DATE_TIME_MESSAGE })
  @InTheFuture()
  expires_at?: string | null;
}
