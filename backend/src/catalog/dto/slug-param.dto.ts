import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { LIMITS } from '@dentalmarket/contracts';

export class SlugParamDto {
  @ApiProperty({ example: 'dental-chairs-units' })
  @IsString()
  @Length(1, LIMITS.slugMax)
  slug: string;
}

export class ProductRefParamDto {
  @ApiProperty({ example: 'meridian-comfort-dental-chair', description: 'a product id or slug' })
  @IsString()
  @Length(1, LIMITS.slugMax)
  idOrSlug: string;
}
