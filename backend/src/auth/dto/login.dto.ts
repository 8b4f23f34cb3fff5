import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';

export class LoginDto {
  @ApiProperty({ example: 'dr.smith' })
  @IsString()
  @MinLength(LIMITS.usernameMin, { message: 'Username must be at least 3 characters' })
  @MaxLength(LIMITS.nameMax)
  username: string;

  @ApiProperty({ example: 'DentalDemo!2026' })
  @IsString()
  @MinLength(LIMITS.passwordMin, { message: 'Password must be at least 6 characters' })
  @MaxLength(1024)
  password: string;
}
