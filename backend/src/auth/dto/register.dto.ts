import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';

/** Public registration always creates a customer; `role` is accepted only as "customer". */
export class RegisterDto {
  @ApiProperty({ example: 'dr.jones', minLength: LIMITS.usernameMin })
  @IsString()
  @MinLength(LIMITS.usernameMin, { message: 'Username must be at least 3 characters' })
  @MaxLength(LIMITS.nameMax)
  @Matches(/^\S+$/, { message: 'Username must not contain spaces' })
  username: string;

  @ApiProperty({ example: 'dr.jones@example.com' })
  @IsEmail({}, { message: 'Invalid email address' })
  @MaxLength(LIMITS.nameMax)
  email: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Dr. Alex Jones' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.nameMax)
  full_name?: string | null;

  @ApiProperty({ minLength: LIMITS.passwordMin })
  @IsString()
  @MinLength(LIMITS.passwordMin, { message: 'Password must be at least 6 characters' })
  @MaxLength(1024)
  password: string;

  @ApiPropertyOptional({
    example: 'Harbour Dental Practice',
    maxLength: PRACTICE_LIMITS.nameMax,
    description: "the practice the account creates and owns (issue 36); by default named after the person (the full name, else the username)",
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(1, { message: 'practice_name must not be empty' })
  @MaxLength(PRACTICE_LIMITS.nameMax)
  practice_name?: string;

  @ApiPropertyOptional({ enum: ['customer'], description: 'ignored beyond this check: accounts are always customers' })
  @IsOptional()
  @IsIn(['customer'], { message: 'Registration creates customer accounts only' })
  role?: 'customer';
}
