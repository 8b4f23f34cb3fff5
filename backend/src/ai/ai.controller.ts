import { applyDecorators, Body, Controller, Get, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AiStatus, GeneratedProduct } from '@dentalmarket/contracts';
import { AdminGuard } from '../auth/guards.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { AiService } from './ai.service.js';
import { AiStatusDto, BatchResultDto, GeneratedProductDto } from './dto/generated-product.dto.js';
import { GenerateBatchProductsDto, GenerateProductDto } from './dto/generate-product.dto.js';
import { ApiBodyExample } from '../common/api-body-example.js';

/** What a generation can answer besides its product (the status route answers none of these). */
const GenerationErrors = () =>
  applyDecorators(
    ApiBadRequestResponse({ type: ApiErrorDto, description: 'a field is missing or invalid, or the subcategory is not in the category (named in the message)' }),
    ApiServiceUnavailableResponse({ type: ApiErrorDto, description: 'no AI provider is configured; the message names the environment variables that enable one' }),
    ApiBadGatewayResponse({ type: ApiErrorDto, description: 'the provider answered an error (its name and status are in the message) or an invalid product' }),
    ApiGatewayTimeoutResponse({ type: ApiErrorDto, description: 'the provider did not answer within AI_TIMEOUT_MS' }),
  );

/**
 * SPEC §7 AI generation. The path says "gemini" for the spec's sake; the provider is whichever the
 * environment configures (Gemini or an OpenAI-compatible server).
 */
@ApiTags('admin')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'not signed in' })
@ApiForbiddenResponse({ type: ApiErrorDto, description: 'not an admin, or a cross-site request' })
@UseGuards(AdminGuard)
@Controller('admin/gemini')
export class AiController {
  constructor(private readonly ai: AiService) {}

  @Get('status')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Whether AI generation is set up, and which provider runs it', description: 'The admin panel shows `message` and disables Generate while `configured` is false.' })
  @ApiOkResponse({ type: AiStatusDto })
  status(): AiStatus {
    return this.ai.status();
  }

  @Post('generate-product')
  @ApiBodyExample(GenerateProductDto, { productName: 'Planmeca ProMax 3D Mid', categoryId: 1, subcategoryId: 2, productType: 'equipment' })
  @HttpCode(200)
  @GenerationErrors()
  @ApiOperation({ summary: 'Write the details of one product with the configured AI provider' })
  @ApiOkResponse({ type: GeneratedProductDto })
  generateProduct(@Body() body: GenerateProductDto): Promise<GeneratedProduct> {
    return this.ai.generateProduct(body);
  }

  @Post('generate-batch-products')
  @ApiBodyExample(GenerateBatchProductsDto, { productNames: ['Planmeca ProMax 3D Mid', 'Carestream CS 8100'], categoryId: 1, subcategoryId: 2, productType: 'equipment' })
  @HttpCode(200)
  @GenerationErrors()
  @ApiOperation({
    summary: 'Write the details of up to 20 products at once',
    description:
      'Names are generated a few at a time (AI_BATCH_CONCURRENCY), each with its own timeout. A name that fails is listed in ' +
      "`failures` with the reason and the others are still returned in `products`, in request order. When every name fails the answer is that first failure's error.",
  })
  @ApiOkResponse({ type: BatchResultDto })
  generateBatch(@Body() body: GenerateBatchProductsDto): Promise<BatchResultDto> {
    return this.ai.generateBatch(body);
  }
}
