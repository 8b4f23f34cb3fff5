import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import {
  LIMITS,
  type OrderGuide,
  type OrderGuideCartLine,
  type OrderGuideCartResponse,
  type OrderGuideCreate,
  type OrderGuideLine,
  type OrderGuideLineInput,
  type OrderGuideLineProblem,
  type OrderGuideLineUpdate,
  type OrderGuideListResponse,
  type OrderGuideSkippedLine,
  type OrderGuideSummary,
  type OrderGuideUpdate,
} from '@dentalmarket/contracts';
import { ORDER_GUIDE_LIMITS, ORDER_GUIDE_LINE_PROBLEMS } from '@dentalmarket/contracts/order-guides';
import { ListPageQueryDto } from '../../common/list-page-query.dto.js';
import { normaliseOrderNumber, ORDER_NUMBER_PATTERN } from '../../orders/order-number.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const L = ORDER_GUIDE_LIMITS;

export class OrderGuideSummaryDto implements OrderGuideSummary {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 'Monthly supplies' }) name: string;
  @ApiProperty({ example: 18, maximum: L.linesMax }) line_count: number;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Sam Jones', description: "who last changed it: the member's full name, else the username" }) updated_by: string | null;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-02-03T08:00:00.000Z' }) updated_at: string;
}

export class OrderGuideListResponseDto implements OrderGuideListResponse {
  @ApiProperty({ type: [OrderGuideSummaryDto], description: 'by name, A to Z' }) guides: OrderGuideSummaryDto[];
  @ApiProperty({ example: 3 }) total: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) limit: number;
}

export class OrderGuideLineDto implements OrderGuideLine {
  @ApiProperty({ example: 301 }) id: number;
  @ApiProperty({ type: Number, nullable: true, example: 42, description: 'null once the product was deleted from the catalogue' }) product_id: number | null;
  @ApiProperty({ example: 'Nitrile Gloves, box of 100', description: "the product's name now, or as it was when added (a deleted product)" }) name: string;
  @ApiProperty({ example: 'SafeHands' }) manufacturer: string;
  @ApiProperty({ example: 4, minimum: 1, maximum: L.quantityMax }) quantity: number;
  @ApiProperty({ type: String, nullable: true, example: '25.00', description: "today's price; null for a deleted product" }) price: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) image_url: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'nitrile-gloves-box-of-100' }) slug: string | null;
  @ApiProperty({ enum: ORDER_GUIDE_LINE_PROBLEMS, nullable: true, example: null, description: 'why the line cannot be ordered now; null when it can' }) problem: OrderGuideLineProblem | null;
}

export class OrderGuideDto extends OrderGuideSummaryDto implements OrderGuide {
  @ApiProperty({ type: [OrderGuideLineDto], description: `in the guide's order, at most ${L.linesMax}` }) lines: OrderGuideLineDto[];
}

export class OrderGuideLineInputDto implements OrderGuideLineInput {
  @ApiProperty({ example: 42, minimum: 1 })
  @IsInt({ message: 'product_id must be a product id' })
  @Min(1, { message: 'product_id must be a product id' })
  @Max(LIMITS.idMax, { message: `product_id must be at most ${LIMITS.idMax}` })
  product_id: number;

  @ApiProperty({ example: 4, minimum: 1, maximum: L.quantityMax })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(L.quantityMax, { message: `quantity must be at most ${L.quantityMax}` })
  quantity: number;
}

class NameField {
  @ApiProperty({ example: 'Monthly supplies', maxLength: L.nameMax })
  @Transform(trimmed)
  @IsString({ message: 'name must be text' })
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(L.nameMax, { message: `name must be at most ${L.nameMax} characters` })
  name: string;
}

/** POST /api/order-guides: a name, with the first lines or an order's lines (not both). */
export class OrderGuideCreateDto extends NameField implements OrderGuideCreate {
  @ApiPropertyOptional({ type: [OrderGuideLineInputDto], maxItems: L.linesMax, description: 'the first lines, each product once' })
  @IsOptional()
  @IsArray({ message: 'lines must be a list' })
  @ArrayMaxSize(L.linesMax, { message: `lines must hold at most ${L.linesMax} lines` })
  @ValidateNested({ each: true })
  @Type(() => OrderGuideLineInputDto)
  lines?: OrderGuideLineInputDto[];

  @ApiPropertyOptional({ example: 'DM-7K3QX9', description: "an order of the practice: the guide takes its lines and quantities (not with `lines`)" })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? normaliseOrderNumber(value) : value))
  @IsString({ message: 'from_order must be an order number such as DM-7K3QX9' })
  @Matches(ORDER_NUMBER_PATTERN, { message: 'from_order must be an order number such as DM-7K3QX9' })
  from_order?: string;
}

/** PATCH /api/order-guides/:id: a new name. */
export class OrderGuideUpdateDto extends NameField implements OrderGuideUpdate {}

/** PATCH /api/order-guides/:id/lines/:lineId: a quantity, a place, or both. */
export class OrderGuideLineUpdateDto implements OrderGuideLineUpdate {
  @ApiPropertyOptional({ example: 6, minimum: 1, maximum: L.quantityMax })
  @IsOptional()
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(L.quantityMax, { message: `quantity must be at most ${L.quantityMax}` })
  quantity?: number;

  @ApiPropertyOptional({ example: 0, minimum: 0, maximum: L.linesMax - 1, description: "the line's new place, 0 first; past the last line it goes last" })
  @IsOptional()
  @IsInt({ message: 'position must be a whole number' })
  @Min(0, { message: 'position must be 0 or more' })
  @Max(L.linesMax - 1, { message: `position must be at most ${L.linesMax - 1}` })
  position?: number;
}

export class OrderGuideIdParamDto {
  @ApiProperty({ minimum: 1, example: 12 })
  @Type(() => Number)
  @IsInt({ message: 'id must be an order guide id' })
  @Min(1, { message: 'id must be an order guide id' })
  @Max(LIMITS.idMax, { message: 'id must be an order guide id' })
  id: number;
}

export class OrderGuideLineParamDto extends OrderGuideIdParamDto {
  @ApiProperty({ minimum: 1, example: 301 })
  @Type(() => Number)
  @IsInt({ message: 'lineId must be a line id' })
  @Min(1, { message: 'lineId must be a line id' })
  @Max(LIMITS.idMax, { message: 'lineId must be a line id' })
  lineId: number;
}

/** GET /api/order-guides: by name, `limit` a page (20 by default, 100 at most). */
export class OrderGuidePageQueryDto extends ListPageQueryDto {}

export class OrderGuideCartLineDto implements OrderGuideCartLine {
  @ApiProperty({ example: 42, description: 'the product id' }) id: number;
  @ApiProperty({ example: 'Nitrile Gloves, box of 100' }) name: string;
  @ApiProperty({ example: 'SafeHands' }) manufacturer: string;
  @ApiProperty({ example: '25.00', description: "today's price" }) price: string;
  @ApiProperty({ type: String, nullable: true, example: null }) image_url: string | null;
  @ApiProperty({ example: 4 }) quantity: number;
}

export class OrderGuideSkippedLineDto implements OrderGuideSkippedLine {
  @ApiProperty({ example: 302 }) line_id: number;
  @ApiProperty({ type: Number, nullable: true, example: null }) product_id: number | null;
  @ApiProperty({ example: 'Curing Light X2' }) name: string;
  @ApiProperty({ enum: ORDER_GUIDE_LINE_PROBLEMS, example: 'not_found' }) problem: OrderGuideLineProblem;
}

export class OrderGuideCartResponseDto implements OrderGuideCartResponse {
  @ApiProperty({ type: [OrderGuideCartLineDto], description: "the lines to add to the cart, in the guide's order, at today's prices" }) lines: OrderGuideCartLineDto[];
  @ApiProperty({ type: [OrderGuideSkippedLineDto], description: 'the lines that cannot be ordered now, and why' }) skipped: OrderGuideSkippedLineDto[];
}
