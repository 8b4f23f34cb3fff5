import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ORDER_STATUSES, type OrderStatus, type PaymentTerms, type PracticeRole } from '@dentalmarket/contracts';
import {
  ADMIN_PRACTICE_SORT_FIELDS,
  INVOICE_STATES,
  type AdminPracticeDetail,
  type AdminPracticeInvoice,
  type AdminPracticeInvoices,
  type AdminPracticeListQuery,
  type AdminPracticeListResponse,
  type AdminPracticeMember,
  type AdminPracticeOrders,
  type AdminPracticePageQuery,
  type AdminPracticeRow,
  type AdminPracticeSortField,
  type InvoiceState,
} from '@dentalmarket/contracts/admin-practices';
import { PAYMENT_TERMS, PRACTICE_ROLES } from '@dentalmarket/contracts/practices';
import { OrderSummaryDto } from '../orders/dto/order.dto.js';
import { PageQuery } from '../common/list-page-query.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** GET /api/admin/practices: search, sort, one page (at most 100 rows). */
export class AdminPracticeListQueryDto extends PageQuery(25, 100) implements AdminPracticeListQuery {
  @ApiPropertyOptional({
    description: "the starts of words of the practice's name (`harb`, `Harbour De`), the start of a member's email (`jane@`), or an email domain (`@clinic.example`); case-insensitive",
    maxLength: 200,
  })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: ADMIN_PRACTICE_SORT_FIELDS, default: 'name' })
  @IsOptional()
  @IsIn(ADMIN_PRACTICE_SORT_FIELDS, { message: `sort must be one of: ${ADMIN_PRACTICE_SORT_FIELDS.join(', ')}` })
  sort?: AdminPracticeSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'direction must be asc or desc' })
  direction?: 'asc' | 'desc';
}

/** A practice's orders or invoices: one page of at most 50. */
export class AdminPracticePageQueryDto extends PageQuery(10, 50) implements AdminPracticePageQuery {}

export class AdminPracticeRowDto implements AdminPracticeRow {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Harbour Dental Practice' }) name: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: 4, description: 'its shopper accounts, any status' }) members: number;
  @ApiProperty({ type: [String], example: ['Dr. Sam Jones'], description: 'up to 3 owners (full name, else username), oldest account first' }) owners: string[];
  @ApiProperty({ example: 1 }) owner_count: number;
  @ApiProperty({ enum: PAYMENT_TERMS, example: 'invoice' }) payment_terms: PaymentTerms;
  @ApiProperty({ type: Number, nullable: true, example: 30 }) net_days: number | null;
  @ApiProperty({ type: String, nullable: true, example: '5000.00' }) credit_limit: string | null;
  @ApiProperty({ example: '1418.99', description: 'unpaid, uncancelled invoices' }) open_balance: string;
  @ApiProperty({ type: String, nullable: true, example: 'OR-EX-448812', description: 'its tax-exemption certificate; null: not exempt' }) tax_exempt_certificate: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2027-06-30', description: 'the last day the certificate is valid (YYYY-MM-DD)' }) tax_exempt_until: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'when an admin disabled the practice and its people; null while enabled' }) disabled_at: string | null;
}

export class AdminPracticeListResponseDto implements AdminPracticeListResponse {
  @ApiProperty({ type: [AdminPracticeRowDto] }) practices: AdminPracticeRowDto[];
  @ApiProperty({ example: 42, description: 'exact; with a search counted up to 1,000 (then 1,000 with total_capped)' }) total: number;
  @ApiPropertyOptional({ description: 'the search matched more than `total` practices' }) total_capped?: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class AdminPracticeMemberDto implements AdminPracticeMember {
  @ApiProperty({ example: 12 }) user_id: number;
  @ApiProperty({ example: 'dr.jones' }) username: string;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Sam Jones' }) full_name: string | null;
  @ApiProperty({ example: 'dr.jones@example.com' }) email: string;
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'owner' }) role: PracticeRole;
  @ApiProperty({ type: String, nullable: true, description: 'when the account was disabled; null while it may sign in' }) disabled_at: string | null;
  @ApiProperty({ example: false, description: 'disabled because its practice was: enabling the practice enables it again' }) disabled_with_practice: boolean;
}

export class AdminPracticeDetailDto extends AdminPracticeRowDto implements AdminPracticeDetail {
  @ApiProperty({ type: String, nullable: true, example: '+1 503 555 0100' }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) tax_id: string | null;
  @ApiProperty({ type: [AdminPracticeMemberDto], description: 'up to 100: owners, then purchasers, then assistants' }) people: AdminPracticeMemberDto[];
}

export class AdminPracticeOrdersDto implements AdminPracticeOrders {
  @ApiProperty({ type: [OrderSummaryDto], description: 'newest first, each with the member who placed it' }) orders: OrderSummaryDto[];
  @ApiProperty({ example: 42, description: 'exact up to 10,000 (then 10,000 with total_capped)' }) total: number;
  @ApiPropertyOptional() total_capped?: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}

export class AdminPracticeInvoiceDto implements AdminPracticeInvoice {
  @ApiProperty({ example: 'DM-7K3QX9' }) number: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '418.99' }) total: string;
  @ApiProperty({ enum: ORDER_STATUSES, example: 'placed' }) order_status: OrderStatus;
  @ApiProperty({ example: '2026-03-02T10:15:00.000Z' }) payment_due_at: string;
  @ApiProperty({ type: String, nullable: true, example: null }) paid_at: string | null;
  @ApiProperty({ enum: INVOICE_STATES, example: 'unpaid', description: 'paid; cancelled (the order was); overdue (unpaid after its due date); else unpaid' }) state: InvoiceState;
}

export class AdminPracticeInvoicesDto implements AdminPracticeInvoices {
  @ApiProperty({ type: [AdminPracticeInvoiceDto], description: 'the latest due date first' }) invoices: AdminPracticeInvoiceDto[];
  @ApiProperty({ example: 12, description: 'exact up to 10,000 (then 10,000 with total_capped)' }) total: number;
  @ApiPropertyOptional() total_capped?: boolean;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
}
