import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { type InvitationAccept, type InvitationPreview, LIMITS, type Practice, type PracticeInvitation, type PracticeInvitationCreate, type PracticeMember, type PracticeMemberUpdate, type PracticeRole, type PracticeTerms, type PracticeTermsUpdate, type PracticeUpdate, type PaymentTerms } from '@dentalmarket/contracts';
import { NET_DAYS_MAX, PAYMENT_TERMS, PRACTICE_LIMITS, PRACTICE_ROLES } from '@dentalmarket/contracts/practices';
import { MONEY } from '../../common/canonical-number.js';
import { INVITATION_TOKEN_PATTERN } from '../invitation-token.js';
import { TaxExemptionDto } from './address.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ROLE_MESSAGE = `role must be one of: ${PRACTICE_ROLES.join(', ')}`;

export class PracticeMemberDto implements PracticeMember {
  @ApiProperty({ example: 12 }) user_id: number;
  @ApiProperty({ example: 'dr.jones' }) username: string;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Sam Jones' }) full_name: string | null;
  @ApiProperty({ example: 'dr.jones@example.com' }) email: string;
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'owner' }) role: PracticeRole;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z', description: 'when the account was made, or joined this practice by an invitation' }) joined_at: string;
}

export class PracticeDto implements Practice {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Harbour Dental Practice' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '+1 503 555 0100' }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) tax_id: string | null;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) updated_at: string;
  @ApiProperty({ type: [PracticeMemberDto] }) members: PracticeMemberDto[];
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'owner', description: "the signed-in member's role" }) my_role: PracticeRole;
  @ApiProperty({ example: 12, description: "the signed-in member's account id" }) my_user_id: number;
  @ApiProperty({ example: false, description: 'every order must carry a PO number' }) po_required: boolean;
  @ApiProperty({ example: true, description: "assistants' orders, and purchasers' above approval_threshold, wait for an owner's approval" }) approvals_enabled: boolean;
  @ApiProperty({ type: String, nullable: true, example: '500.00', description: "with approvals on: a purchaser's order whose total is above this needs approval; null: purchasers' never do" })
  approval_threshold: string | null;
  @ApiProperty({ example: 7, minimum: 1, maximum: PRACTICE_LIMITS.approvalDaysMax, description: 'an order awaiting approval expires after this many days' }) approval_days: number;
  @ApiProperty({ enum: PAYMENT_TERMS, example: 'card', description: "how the practice pays (the admin sets it): the checkout's card form, or invoice within a credit limit" }) payment_terms: PaymentTerms;
  @ApiProperty({ type: Number, nullable: true, example: null, description: 'invoice terms: payment is due this many days after an order is placed' }) net_days: number | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'invoice terms: the most the open invoices may add up to' }) credit_limit: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: "invoice terms: the practice's unpaid, uncancelled invoices" }) open_balance: string | null;
  @ApiProperty({ type: TaxExemptionDto, nullable: true, description: "the admin's record of the practice's tax-exemption certificate" }) tax_exemption: TaxExemptionDto | null;
  @ApiProperty({ example: false, description: 'an order placed today carries no tax (the certificate is valid today, UTC)' }) tax_exempt_now: boolean;
}

/** PUT /api/admin/practices/:id/terms (issue 36): card, or invoice net N days within a credit limit. */
export class PracticeTermsUpdateDto implements PracticeTermsUpdate {
  @ApiProperty({ enum: PAYMENT_TERMS, example: 'invoice' })
  @IsIn(PAYMENT_TERMS, { message: `payment_terms must be one of: ${PAYMENT_TERMS.join(', ')}` })
  payment_terms: PaymentTerms;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 30, minimum: 1, maximum: NET_DAYS_MAX, description: 'required with invoice; omitted or null with card' })
  @ValidateIf((terms: PracticeTermsUpdateDto, value) => terms.payment_terms === 'invoice' || (value !== null && value !== undefined))
  @IsInt({ message: `net_days must be a whole number of days from 1 to ${NET_DAYS_MAX} (required with invoice terms)` })
  @Min(1, { message: `net_days must be a whole number of days from 1 to ${NET_DAYS_MAX} (required with invoice terms)` })
  @Max(NET_DAYS_MAX, { message: `net_days must be a whole number of days from 1 to ${NET_DAYS_MAX} (required with invoice terms)` })
  net_days?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '5000.00', description: 'required with invoice; omitted or null with card' })
  @ValidateIf((terms: PracticeTermsUpdateDto, value) => terms.payment_terms === 'invoice' || (value !== null && value !== undefined))
  @IsString({ message: 'credit_limit must be an amount such as "5000.00" (required with invoice terms)' })
  @Matches(MONEY, { message: 'credit_limit must be an amount such as "5000.00" (required with invoice terms)' })
  credit_limit?: string | null;
}

export class PracticeTermsDto implements PracticeTerms {
  @ApiProperty({ example: 7 }) practice_id: number;
  @ApiProperty({ example: 'Harbour Dental Practice' }) name: string;
  @ApiProperty({ enum: PAYMENT_TERMS, example: 'invoice' }) payment_terms: PaymentTerms;
  @ApiProperty({ type: Number, nullable: true, example: 30 }) net_days: number | null;
  @ApiProperty({ type: String, nullable: true, example: '5000.00' }) credit_limit: string | null;
  @ApiProperty({ example: '1418.99', description: 'unpaid, uncancelled invoices' }) open_balance: string;
}

export class PracticeIdParamDto {
  @ApiProperty({ minimum: 1, example: 7 })
  @Type(() => Number)
  @IsInt({ message: 'id must be a practice id' })
  @Min(1, { message: 'id must be a practice id' })
  @Max(LIMITS.idMax, { message: 'id must be a practice id' })
  id: number;
}

/** PATCH /api/practice: any of the fields; phone and tax id may be null (cleared). */
export class PracticeUpdateDto implements PracticeUpdate {
  @ApiPropertyOptional({ example: 'Harbour Dental Practice', maxLength: PRACTICE_LIMITS.nameMax })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(PRACTICE_LIMITS.nameMax)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '+1 503 555 0100', maxLength: PRACTICE_LIMITS.phoneMax })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @Transform(trimmed)
  @IsString()
  @MaxLength(PRACTICE_LIMITS.phoneMax)
  @Matches(/^$|^[+0-9 ()./-]{3,}$/, { message: 'phone must be a phone number (digits, spaces, + ( ) . / -)' })
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '12-3456789', maxLength: PRACTICE_LIMITS.taxIdMax })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @Transform(trimmed)
  @IsString()
  @MaxLength(PRACTICE_LIMITS.taxIdMax)
  tax_id?: string | null;

  @ApiPropertyOptional({ example: true, description: 'every order must carry a PO number' })
  @IsOptional()
  @IsBoolean({ message: 'po_required must be true or false' })
  po_required?: boolean;

  @ApiPropertyOptional({ example: true, description: "assistants' orders, and purchasers' above approval_threshold, wait for an owner's approval" })
  @IsOptional()
  @IsBoolean({ message: 'approvals_enabled must be true or false' })
  approvals_enabled?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: '500.00', description: "a purchaser's order whose total is above this needs approval; null: purchasers' never do" })
  @ValidateIf((_o, value) => value !== null && value !== undefined)
  @IsString({ message: 'approval_threshold must be an amount such as "500.00", or null' })
  @Matches(MONEY, { message: 'approval_threshold must be an amount such as "500.00", or null' })
  approval_threshold?: string | null;

  @ApiPropertyOptional({ example: 7, minimum: 1, maximum: PRACTICE_LIMITS.approvalDaysMax })
  @IsOptional()
  @IsInt({ message: `approval_days must be a whole number of days from 1 to ${PRACTICE_LIMITS.approvalDaysMax}` })
  @Min(1, { message: `approval_days must be a whole number of days from 1 to ${PRACTICE_LIMITS.approvalDaysMax}` })
  @Max(PRACTICE_LIMITS.approvalDaysMax, { message: `approval_days must be a whole number of days from 1 to ${PRACTICE_LIMITS.approvalDaysMax}` })
  approval_days?: number;
}

export class PracticeInvitationDto implements PracticeInvitation {
  @ApiProperty({ format: 'uuid', example: '0b6f3a52-2b9e-4d8e-9a51-6f1f3b7f2a10' }) id: string;
  @ApiProperty({ example: 'assistant@harbour.example' }) email: string;
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'assistant' }) role: PracticeRole;
  @ApiProperty({ enum: ['pending', 'expired'], example: 'pending' }) status: 'pending' | 'expired';
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Jane Smith' }) invited_by: string | null;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-02-07T10:15:00.000Z' }) expires_at: string;
}

export class PracticeInvitationCreateDto implements PracticeInvitationCreate {
  @ApiProperty({ example: 'assistant@harbour.example' })
  @Transform(trimmed)
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(LIMITS.nameMax)
  email: string;

  @ApiProperty({ enum: PRACTICE_ROLES, example: 'assistant' })
  @IsIn(PRACTICE_ROLES, { message: ROLE_MESSAGE })
  role: PracticeRole;
}

export class PracticeMemberUpdateDto implements PracticeMemberUpdate {
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'purchaser' })
  @IsIn(PRACTICE_ROLES, { message: ROLE_MESSAGE })
  role: PracticeRole;
}

export class InvitationIdParamDto {
  @ApiProperty({ format: 'uuid', example: '0b6f3a52-2b9e-4d8e-9a51-6f1f3b7f2a10' })
  @IsUUID('all', { message: 'id must be an invitation id (a UUID)' })
  id: string;
}

export class MemberIdParamDto {
  @ApiProperty({ minimum: 1, example: 12 })
  @Type(() => Number)
  @IsInt({ message: 'userId must be an account id' })
  @Min(1)
  @Max(LIMITS.idMax)
  userId: number;
}

export class InvitationTokenParamDto {
  @ApiProperty({ description: "the token of an invitation's link", example: 'C29jUiueTY6aUW8fO38qEAAAAAHOqv1sYd3i8UQ2y8hVbT8gH8Dq6vB1xk2c0Yg3wJ4r5A' })
  @Matches(INVITATION_TOKEN_PATTERN, { message: "token must be an invitation link's token" })
  token: string;
}

export class InvitationPreviewDto implements InvitationPreview {
  @ApiProperty({ example: 'Harbour Dental Practice' }) practice_name: string;
  @ApiProperty({ enum: PRACTICE_ROLES, example: 'assistant' }) role: PracticeRole;
  @ApiProperty({ example: 'assistant@harbour.example' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: 'Dr. Jane Smith' }) invited_by: string | null;
  @ApiProperty({ example: '2026-02-07T10:15:00.000Z' }) expires_at: string;
  @ApiProperty({ example: true }) valid: boolean;
  @ApiProperty({ enum: ['expired', 'used', 'revoked'], nullable: true, example: null }) reason: 'expired' | 'used' | 'revoked' | null;
}

/** Signed out: the new account's username and password (as registration checks them). Signed in: an empty body. */
export class InvitationAcceptDto implements InvitationAccept {
  @ApiPropertyOptional({ example: 'amy.assistant', minLength: LIMITS.usernameMin })
  @IsOptional()
  @IsString()
  @MinLength(LIMITS.usernameMin, { message: 'Username must be at least 3 characters' })
  @MaxLength(LIMITS.nameMax)
  @Matches(/^\S+$/, { message: 'Username must not contain spaces' })
  username?: string;

  @ApiPropertyOptional({ minLength: LIMITS.passwordMin })
  @IsOptional()
  @IsString()
  @MinLength(LIMITS.passwordMin, { message: 'Password must be at least 6 characters' })
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Amy Adams' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.nameMax)
  full_name?: string | null;
}
