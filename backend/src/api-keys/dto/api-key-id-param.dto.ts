import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class ApiKeyIdParamDto {
  @ApiProperty({ format: 'uuid', example: '0b6f7c1e-3f2a-4c55-9a53-2f1d8c7e4b10' })
  @IsUUID('all', { message: 'id must be an API key id (a UUID)' })
  id: string;
}
