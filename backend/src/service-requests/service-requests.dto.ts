import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import {
  type AdminServiceRequestListQuery,
  LIMITS,
  SERVICE_REQUEST_LIMITS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequest,
  type ServiceRequestCreate,
  type ServiceRequestEvent,
  type ServiceRequestListResponse,
  type ServiceRequestStatus,
  type ServiceRequestStatusChange,
  type ServiceRequestSummary,
} from '@dentalmarket/contracts';
import { IsCalendarDate } from '../common/calendar-date.js';
import { ListPageQueryDto } from '../common/list-page-query.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty optional field is no value. */
const trimmedOrNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
export const SERVICE_REQUEST_NUMBER = /^SR-[0-9A-HJKMNP-TV-Z]{6}$/;

/** POST /api/service-requests: the 'Request Service' dialog. */
export class ServiceRequestCreateDto implements ServiceRequestCreate {
  @ApiProperty({ minimum: 1, example: 12, description: 'a service product' })
  @Type(() => Number)
  @IsInt({ message: 'product_id must be a product id' })
  @Min(1, { message: 'product_id must be a product id' })
  @Max(LIMITS.idMax, { message: 'product_id must be a product id' })
  product_id: number;

  @ApiProperty({ example: 'Harbour Dental Practice', maxLength: SERVICE_REQUEST_LIMITS.nameMax })
  @Transform(trimmed)
  @IsString({ message: 'practice_name: Practice name is required' })
  @MinLength(1, { message: 'practice_name: Practice name is required' })
  @MaxLength(SERVICE_REQUEST_LIMITS.nameMax, { message: `practice_name: at most ${SERVICE_REQUEST_LIMITS.nameMax} characters` })
  practice_name: string;

  @ApiProperty({ example: 'Dr. Jane Smith', maxLength: SERVICE_REQUEST_LIMITS.nameMax })
  @Transform(trimmed)
  @IsString({ message: 'contact_name: Contact name is required' })
  @MinLength(1, { message: 'contact_name: Contact name is required' })
  @MaxLength(SERVICE_REQUEST_LIMITS.nameMax, { message: `contact_name: at most ${SERVICE_REQUEST_LIMITS.nameMax} characters` })
  contact_name: string;

  @ApiProperty({ example: 'jane.smith@example.com' })
  @Transform(trimmed)
  @IsString({ message: 'email: Valid email is required' })
  @IsEmail({}, { message: 'email: Valid email is required' })
  @MaxLength(254, { message: 'email: Valid email is required' })
  email: string;

  @ApiProperty({ example: '+1 503 555 0100', maxLength: SERVICE_REQUEST_LIMITS.phoneMax })
  @Transform(trimmed)
  @IsString({ message: 'phone: Phone is required' })
  @Matches(/^\+?[0-9 ().-]{5,}$/, { message: 'phone: a phone number such as +1 503 555 0100 is required' })
  @MaxLength(SERVICE_REQUEST_LIMITS.phoneMax, { message: `phone: at most ${SERVICE_REQUEST_LIMITS.phoneMax} characters` })
  phone: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-15', description: 'today or later (UTC), within a year' })
  @Transform(trimmedOrNull)
  @IsOptional()
  @IsCalendarDate('2026-12-15')
  preferred_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: SERVICE_REQUEST_LIMITS.messageMax })
  @Transform(trimmedOrNull)
  @IsOptional()
  @IsString()
  @MaxLength(SERVICE_REQUEST_LIMITS.messageMax, { message: `message: at most ${SERVICE_REQUEST_LIMITS.messageMax} characters` })
  message?: string | null;
}

export class ServiceRequestNumberParamDto {
  @ApiProperty({ example: 'SR-7K3QX9' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(SERVICE_REQUEST_NUMBER, { message: 'number must be a request number such as SR-7K3QX9' })
  number: string;
}

export class ServiceRequestPageQueryDto extends ListPageQueryDto {}

export class AdminServiceRequestListQueryDto extends ServiceRequestPageQueryDto implements AdminServiceRequestListQuery {
  @ApiPropertyOptional({ description: 'a request number, or the start of an email, practice or contact name (case-insensitive)', maxLength: 200 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: SERVICE_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(SERVICE_REQUEST_STATUSES, { message: `status must be one of: ${SERVICE_REQUEST_STATUSES.join(', ')}` })
  status?: ServiceRequestStatus;

  @ApiPropertyOptional({ enum: ['created_at', 'preferred_date'], default: 'created_at' })
  @IsOptional()
  @IsIn(['created_at', 'preferred_date'], { message: 'sort must be created_at or preferred_date' })
  sort?: 'created_at' | 'preferred_date';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
}

export class ServiceRequestStatusChangeDto implements ServiceRequestStatusChange {
  @ApiProperty({ enum: SERVICE_REQUEST_STATUSES, example: 'quoted' })
  @IsIn(SERVICE_REQUEST_STATUSES, { message: `status must be one of: ${SERVICE_REQUEST_STATUSES.join(', ')}` })
  status: ServiceRequestStatus;

  @ApiPropertyOptional({ example: '1200.00', description: "required for 'quoted': the quote in dollars" })
  @ValidateIf((change: ServiceRequestStatusChangeDto) => change.status === 'quoted' || change.amount !== undefined)
  @Transform(trimmed)
  @IsString({ message: 'amount is required to quote: a price such as 1200.00' })
  @Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'amount is required to quote: a price such as 1200.00' })
  amount?: string;

  @ApiPropertyOptional({ maxLength: SERVICE_REQUEST_LIMITS.noteMax, description: "the quote's note, or why the request was lost; sent to the requester" })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(SERVICE_REQUEST_LIMITS.noteMax)
  note?: string;
}

// ---- responses ----

class ServiceRequestEventDto implements ServiceRequestEvent {
  @ApiProperty({ enum: SERVICE_REQUEST_STATUSES, nullable: true, type: String }) from_status: ServiceRequestStatus | null;
  @ApiProperty({ enum: SERVICE_REQUEST_STATUSES }) to_status: ServiceRequestStatus;
  @ApiProperty({ example: 'admin', description: "'guest', 'customer', the admin's username, or the API key that made the change ('API key <name> (<prefix>)')" }) actor: string;
  @ApiProperty({ type: String, nullable: true }) note: string | null;
  @ApiProperty() created_at: string;
}

export class ServiceRequestSummaryDto implements ServiceRequestSummary {
  @ApiProperty({ example: 'SR-7K3QX9' }) number: string;
  @ApiProperty({ enum: SERVICE_REQUEST_STATUSES }) status: ServiceRequestStatus;
  @ApiProperty({ type: Number, nullable: true }) product_id: number | null;
  @ApiProperty({ example: 'Implant Consultation' }) product_name: string;
  @ApiProperty() practice_name: string;
  @ApiProperty() contact_name: string;
  @ApiProperty() email: string;
  @ApiProperty() phone: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-15' }) preferred_date: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1200.00' }) quote_amount: string | null;
  @ApiProperty() created_at: string;
  @ApiProperty() updated_at: string;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Sam Jones', description: "issue 36: the practice member who sent it (full name, else username); null for a guest's" })
  placed_by: string | null;
}

export class ServiceRequestDto extends ServiceRequestSummaryDto implements ServiceRequest {
  @ApiProperty({ type: String, nullable: true }) message: string | null;
  @ApiProperty({ type: String, nullable: true }) quote_note: string | null;
  @ApiProperty({ type: [ServiceRequestEventDto] }) events: ServiceRequestEventDto[];
}

export class ServiceRequestListResponseDto implements ServiceRequestListResponse {
  @ApiProperty({ type: [ServiceRequestSummaryDto] }) requests: ServiceRequestSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
