import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { LIMITS, type PracticeAddress, type PracticeAddressCreate, type PracticeAddressUpdate, type PracticeTaxExemption, type TaxExemption, type TaxExemptionUpdate } from '@dentalmarket/contracts';
import { SHIP_TO_RULES, type ShipToField, TAX_EXEMPTION_LIMITS } from '@dentalmarket/contracts/practices';
import { IsCalendarDate } from '../../common/calendar-date.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A ship-to field with the checkout's rule (SHIP_TO_RULES): trimmed, its minimum with the checkout's message, the API's maximum. */
function ShipTo(field: ShipToField, example: string, optional = false): PropertyDecorator {
  const rule = SHIP_TO_RULES[field];
  const decorators = [
    (optional ? ApiPropertyOptional : ApiProperty)({ example, minLength: rule.min, maxLength: rule.max }),
    Transform(trimmed),
    IsString({ message: `${field}: ${rule.message}` }),
    MinLength(rule.min, { message: `${field}: ${rule.message}` }),
    MaxLength(rule.max, { message: `${field} must be at most ${rule.max} characters` }),
    ...(optional ? [IsOptional()] : []),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

export class PracticeAddressDto implements PracticeAddress {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'Main surgery' }) label: string;
  @ApiProperty({ example: 'Dr. Jane Smith' }) full_name: string;
  @ApiProperty({ example: '12 Harbour Street, Suite 4' }) address: string;
  @ApiProperty({ example: 'Portland' }) city: string;
  @ApiProperty({ example: 'OR' }) state: string;
  @ApiProperty({ example: '97201' }) zip_code: string;
  @ApiProperty({ example: true, description: 'the address the checkout starts with; one per practice' }) is_default: boolean;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-01-31T10:15:00.000Z' }) updated_at: string;
}

export class PracticeAddressCreateDto implements PracticeAddressCreate {
  @ShipTo('label', 'Main surgery') label: string;
  @ShipTo('full_name', 'Dr. Jane Smith') full_name: string;
  @ShipTo('address', '12 Harbour Street, Suite 4') address: string;
  @ShipTo('city', 'Portland') city: string;
  @ShipTo('state', 'OR') state: string;
  @ShipTo('zip_code', '97201') zip_code: string;

  @ApiPropertyOptional({ example: false, description: "make it the practice's default (the first address always is)" })
  @IsOptional()
  @IsBoolean({ message: 'is_default must be true or false' })
  is_default?: boolean;
}

export class PracticeAddressUpdateDto implements PracticeAddressUpdate {
  @ShipTo('label', 'Main surgery', true) label?: string;
  @ShipTo('full_name', 'Dr. Jane Smith', true) full_name?: string;
  @ShipTo('address', '12 Harbour Street, Suite 4', true) address?: string;
  @ShipTo('city', 'Portland', true) city?: string;
  @ShipTo('state', 'OR', true) state?: string;
  @ShipTo('zip_code', '97201', true) zip_code?: string;

  @ApiPropertyOptional({ example: true, description: 'true makes it the default (the previous default stops being one); false is refused: make another address the default instead' })
  @IsOptional()
  @IsBoolean({ message: 'is_default must be true or false' })
  is_default?: boolean;
}

export class PracticeAddressIdParamDto {
  @ApiProperty({ minimum: 1, example: 3 })
  @Type(() => Number)
  @IsInt({ message: 'id must be an address id' })
  @Min(1, { message: 'id must be an address id' })
  @Max(LIMITS.idMax, { message: 'id must be an address id' })
  id: number;
}

export class TaxExemptionDto implements TaxExemption {
  @ApiProperty({ example: 'OR-EX-448812' }) certificate: string;
  @ApiProperty({ example: '2027-06-30', description: 'the last day the certificate is valid' }) valid_until: string;
}

/** PUT /api/admin/practices/:id/tax-exemption. */
export class TaxExemptionUpdateDto implements TaxExemptionUpdate {
  @ApiProperty({ example: 'OR-EX-448812', minLength: 1, maxLength: TAX_EXEMPTION_LIMITS.certificateMax })
  @Transform(trimmed)
  @IsString({ message: 'certificate: the exemption certificate number is required' })
  @MinLength(1, { message: 'certificate: the exemption certificate number is required' })
  @MaxLength(TAX_EXEMPTION_LIMITS.certificateMax, { message: `certificate must be at most ${TAX_EXEMPTION_LIMITS.certificateMax} characters` })
  @Matches(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, { message: 'certificate may hold only printable ASCII letters, digits, spaces and punctuation' })
  certificate: string;

  @ApiProperty({ example: '2027-06-30', description: 'the last day the certificate is valid (YYYY-MM-DD); orders placed after it pay tax' })
  @IsCalendarDate('2027-06-30')
  valid_until: string;
}

export class PracticeTaxExemptionDto implements PracticeTaxExemption {
  @ApiProperty({ example: 7 }) practice_id: number;
  @ApiProperty({ example: 'Harbour Dental Practice' }) name: string;
  @ApiProperty({ type: TaxExemptionDto, nullable: true }) exemption: TaxExemptionDto | null;
  @ApiProperty({ example: true, description: 'an order placed today carries no tax (the certificate is valid today, UTC)' }) active: boolean;
}
