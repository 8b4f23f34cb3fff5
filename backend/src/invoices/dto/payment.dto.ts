import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { OrderPayment, OrderPaymentCreate, OrderPayments } from '@dentalmarket/contracts';
import { PAYMENT_LIMITS } from '@dentalmarket/contracts/practices';
import { IsCalendarDate } from '../../common/calendar-date.js';
import { MONEY } from '../../common/canonical-number.js';

const trimmedOrUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

/** POST /api/admin/orders/:number/payments (issue 36). */
export class OrderPaymentCreateDto implements OrderPaymentCreate {
  @ApiProperty({ example: '120.00', description: 'dollars, more than 0 and at most what is outstanding' })
  @IsString({ message: 'amount must be an amount such as "120.00"' })
  @Matches(MONEY, { message: 'amount must be an amount such as "120.00"' })
  amount: string;

  @ApiProperty({ example: '2026-01-31', format: 'date', description: 'the day the money was paid (UTC), not in the future' })
  @IsCalendarDate('2026-01-31')
  paid_on: string;

  @ApiPropertyOptional({ example: 'Cheque 004512', maxLength: PAYMENT_LIMITS.referenceMax, description: 'a cheque or transfer number' })
  @IsOptional()
  @Transform(trimmedOrUndefined)
  @IsString({ message: 'reference must be text' })
  @MaxLength(PAYMENT_LIMITS.referenceMax, { message: `reference must be at most ${PAYMENT_LIMITS.referenceMax} characters` })
  reference?: string;

  @ApiPropertyOptional({ example: 'Paid at the branch', maxLength: PAYMENT_LIMITS.noteMax })
  @IsOptional()
  @Transform(trimmedOrUndefined)
  @IsString({ message: 'note must be text' })
  @MaxLength(PAYMENT_LIMITS.noteMax, { message: `note must be at most ${PAYMENT_LIMITS.noteMax} characters` })
  note?: string;
}

export class OrderPaymentDto implements OrderPayment {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: '120.00' }) amount: string;
  @ApiProperty({ example: '2026-01-31', format: 'date' }) paid_on: string;
  @ApiProperty({ type: String, nullable: true, example: 'Cheque 004512' }) reference: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) note: string | null;
  @ApiProperty({ example: 'admin', description: "the admin's username, or the API key, that recorded it" }) recorded_by: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
}

export class OrderPaymentsDto implements OrderPayments {
  @ApiProperty({ example: 'DM-7K3QX9' }) number: string;
  @ApiProperty({ example: '2820.84' }) total: string;
  @ApiProperty({ example: '120.00' }) amount_paid: string;
  @ApiProperty({ example: '2700.84' }) outstanding: string;
  @ApiProperty({ example: '2026-03-02T10:15:00.000Z' }) payment_due_at: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'when payments reached the total' }) paid_at: string | null;
  @ApiProperty({ type: [OrderPaymentDto], description: 'oldest first' }) payments: OrderPaymentDto[];
}
