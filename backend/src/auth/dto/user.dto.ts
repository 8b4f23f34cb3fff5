import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, type User as UserWire, type UserRole } from '@dentalmarket/contracts';
import type { User } from '../user.entity.js';

/** An account as the API shows it: never the password hash. */
export class UserDto implements UserWire {
  @ApiProperty() id: number;
  @ApiProperty() username: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) full_name: string | null;
  @ApiProperty({ enum: USER_ROLES }) role: UserRole;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function mapUser(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    created_at: user.created_at.toISOString(),
  };
}
