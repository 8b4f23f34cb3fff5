import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';

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

  @ApiPropertyOptional({ enum: ['customer'], description: 'ignored beyond this check: accounts are always customers' })
  @IsOptional()
  @IsIn(['customer'], { message: 'Registration creates customer accounts only' })
  role?: 'customer';
}
