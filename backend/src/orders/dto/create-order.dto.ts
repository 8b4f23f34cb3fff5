import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsEmail, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';
import { type CreateOrderRequest, LIMITS, type OrderLineInput, type ShippingAddress } from '@dentalmarket/contracts';
import { PO_NUMBER_RULES } from '@dentalmarket/contracts/practices';
import { MONEY } from '../../common/canonical-number.js';

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

/**
 * The checkout form's shipping part, with SPEC §5's rules and messages (each message starts with
 * the field's name, so a 400 names the field). Card fields are not here: the global whitelist
 * answers 400 to any of them, so a card number can never be stored.
 */
export class ShippingAddressDto implements ShippingAddress {
  @ApiProperty({ example: 'Dr. Jane Smith', minLength: 3, maxLength: 200 })
  @IsString({ message: 'fullName: Full name is required' })
  @MinLength(3, { message: 'fullName: Full name is required' })
  @MaxLength(200, { message: 'fullName must be at most 200 characters' })
  fullName: string;

  @ApiProperty({ example: 'jane.smith@example.com', maxLength: 254 })
  @IsString({ message: 'email: Valid email is required' })
  @IsEmail({}, { message: 'email: Valid email is required' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ example: '12 Harbour Street, Suite 4', minLength: 5, maxLength: 300 })
  @IsString({ message: 'address: Address is required' })
  @MinLength(5, { message: 'address: Address is required' })
  @MaxLength(300, { message: 'address must be at most 300 characters' })
  address: string;

  @ApiProperty({ example: 'Portland', minLength: 2, maxLength: 100 })
  @IsString({ message: 'city: City is required' })
  @MinLength(2, { message: 'city: City is required' })
  @MaxLength(100, { message: 'city must be at most 100 characters' })
  city: string;

  @ApiProperty({ example: 'OR', minLength: 2, maxLength: 100 })
  @IsString({ message: 'state: State is required' })
  @MinLength(2, { message: 'state: State is required' })
  @MaxLength(100, { message: 'state must be at most 100 characters' })
  state: string;

  @ApiProperty({ example: '97201', minLength: 5, maxLength: 20 })
  @IsString({ message: 'zipCode: ZIP code is required' })
  @MinLength(5, { message: 'zipCode: ZIP code is required' })
  @MaxLength(20, { message: 'zipCode must be at most 20 characters' })
  zipCode: string;
}

export class OrderLineInputDto implements OrderLineInput {
  @ApiProperty({ example: 12, minimum: 1, maximum: LIMITS.idMax })
  @IsInt({ message: 'product_id must be a whole number' })
  @Min(1, { message: 'product_id must be at least 1' })
  @Max(LIMITS.idMax, { message: `product_id must be at most ${LIMITS.idMax}` })
  product_id: number;

  @ApiProperty({ example: 2, minimum: 1, maximum: MAX_LINE_QUANTITY })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_LINE_QUANTITY, { message: `quantity must be at most ${MAX_LINE_QUANTITY}` })
  quantity: number;

  @ApiProperty({ example: '1299.00', description: 'the unit price the shopper saw; a different current price answers 409' })
  @IsString({ message: 'unit_price must be a price such as "1299.00"' })
  @Matches(MONEY, { message: 'unit_price must be a price such as "1299.00"' })
  unit_price: string;
}

export class CreateOrderDto implements CreateOrderRequest {
  @ApiProperty({ type: [OrderLineInputDto], minItems: 1, maxItems: MAX_ORDER_LINES })
  @IsArray({ message: 'lines must be a list of cart lines' })
  @ArrayMinSize(1, { message: 'lines must hold at least one cart line' })
  @ArrayMaxSize(MAX_ORDER_LINES, { message: `lines must hold at most ${MAX_ORDER_LINES} cart lines` })
  @ValidateNested({ each: true })
  @Type(() => OrderLineInputDto)
  lines: OrderLineInputDto[];

  @ApiProperty({ type: ShippingAddressDto })
  @IsObject({ message: 'shipping must be an object with the shipping fields' })
  @ValidateNested()
  @Type(() => ShippingAddressDto)
  shipping: ShippingAddressDto;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'PO-2026-0117',
    maxLength: PO_NUMBER_RULES.max,
    pattern: PO_NUMBER_RULES.pattern.source,
    description: "the practice's purchase-order number: trimmed, empty means none; required when the practice's settings say so (400 otherwise)",
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @ValidateIf((_order, value) => value !== null && value !== undefined)
  @IsString({ message: 'po_number must be text such as "PO-2026-0117"' })
  @MaxLength(PO_NUMBER_RULES.max, { message: PO_NUMBER_RULES.lengthMessage })
  @Matches(PO_NUMBER_RULES.pattern, { message: PO_NUMBER_RULES.charactersMessage })
  po_number?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: '0.00',
    description: "the tax the checkout showed (0.00 for a tax-exempt practice); when sent and not the order's tax (the practice's exemption changed meanwhile) 409, nothing placed",
  })
  @IsOptional()
  @IsString({ message: 'expected_tax must be an amount such as "104.00"' })
  @Matches(MONEY, { message: 'expected_tax must be an amount such as "104.00"' })
  expected_tax?: string;
}

export const CREATE_ORDER_EXAMPLE = {
  lines: [
    { product_id: 1, quantity: 1, unit_price: '1299.00' },
    { product_id: 2, quantity: 3, unit_price: '89.50' },
  ],
  shipping: { fullName: 'Dr. Jane Smith', email: 'jane.smith@example.com', address: '12 Harbour Street, Suite 4', city: 'Portland', state: 'OR', zipCode: '97201' },
  po_number: 'PO-2026-0117',
};
