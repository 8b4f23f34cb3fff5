import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AiStatus, GeneratedProduct } from '@dentalmarket/contracts';

export class SpecificationDto {
  @ApiProperty({ example: 'Field of view' })
  label: string;

  @ApiProperty({ example: '8 × 8 cm' })
  value: string;
}

/** SPEC §3 Generated product (AI output), validated before it is sent. */
export class GeneratedProductDto implements GeneratedProduct {
  @ApiProperty() name: string;
  @ApiProperty() shortDescription: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [SpecificationDto] }) specifications: SpecificationDto[];
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string', pattern: '^\\d+(\\.\\d+)?$' }], example: 18500 }) price: number | string;
  @ApiProperty() imageDescription: string;
  @ApiPropertyOptional() brand?: string;
  @ApiPropertyOptional() recommended?: boolean;
  @ApiPropertyOptional() productUrl?: string;
}

export class BatchFailureDto {
  @ApiProperty({ example: 'Unknown Gadget' })
  productName: string;

  @ApiProperty({ example: "The AI provider returned an invalid product: 'features' must be a list of text" })
  message: string;
}

/** The batch answers per name: what was generated, in request order, and what failed and why. */
export class BatchResultDto {
  @ApiProperty({ type: [GeneratedProductDto] })
  products: GeneratedProductDto[];

  @ApiProperty({ type: [BatchFailureDto] })
  failures: BatchFailureDto[];
}

/** GET /api/admin/gemini/status. */
export class AiStatusDto implements AiStatus {
  @ApiProperty({ example: false }) configured: boolean;
  @ApiProperty({ type: String, nullable: true, enum: ['gemini', 'openai'], example: null }) provider: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'AI generation is not set up. Ask your administrator to set GEMINI_API_KEY (Gemini), or OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server).' })
  message: string | null;
}
