import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { ANALYTICS_LIMITS, LIMITS, type PartnerClickBody } from '@dentalmarket/contracts';

const PRODUCT_ID = 'productId must be a positive whole number (the id of the partner product)';

/**
 * A click on a partner product's 'View Product' link: the beacon's JSON (application/json or, as
 * navigator.sendBeacon sends a string, text/plain), or a ping's query (beacon-bodies.middleware.ts).
 */
export class PartnerClickDto implements PartnerClickBody {
  @ApiProperty({ minimum: 1, maximum: LIMITS.idMax, example: 12, description: 'the partner product whose link was followed' })
  @IsInt({ message: PRODUCT_ID })
  @Min(1, { message: PRODUCT_ID })
  @Max(LIMITS.idMax, { message: PRODUCT_ID })
  productId: number;

  @ApiPropertyOptional({ format: 'uuid', description: "made once per click and sent in both the beacon and the ping's URL: the two count as one click" })
  @IsOptional()
  @IsUUID('all', { message: 'clickId must be a UUID' })
  clickId?: string;

  @ApiPropertyOptional({
    maxLength: ANALYTICS_LIMITS.fromMax,
    example: '/marketplace?type=affiliate',
    description: "the shop page the link was on, path and query only; without it, the path of the request's Ping-From or Referer",
  })
  @IsOptional()
  @IsString({ message: 'from must be text: the path and query of the shop page' })
  @MaxLength(ANALYTICS_LIMITS.fromMax, { message: `from must be at most ${ANALYTICS_LIMITS.fromMax} characters long` })
  @Matches(/^\/(?![/\\])/, { message: 'from must be the path and query of the shop page, starting with a single / (not a full URL)' })
  from?: string;
}
