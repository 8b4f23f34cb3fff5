import { BadRequestException, Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProperty,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type {} from 'multer';
import { LIMITS, type ImageUploadResponse } from '@dentalmarket/contracts';
import { ApiKeyScope } from '../api-keys/api-key-scope.decorator.js';
import { AdminGuard } from '../auth/guards.js';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { SafeFileInterceptor } from '../common/safe-file.interceptor.js';
import { ImagesService } from './images.service.js';

class ImageUploadResponseDto implements ImageUploadResponse {
  @ApiProperty({ example: '/api/media/images/3f1c….webp' }) imageUrl: string;
  @ApiProperty({ description: 'the stored bytes, base64' }) imageData: string;
  @ApiProperty({ example: 'image/webp' }) imageType: string;
}

/** POST /api/admin/upload-image (SPEC §7): multipart field `image`, 5 MB at most. */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin')
@UseGuards(AdminGuard)
export class UploadController {
  constructor(private readonly images: ImagesService) {}

  @Post('upload-image')
  @ApiKeyScope('catalogue:write')
  @ApiOperation({ summary: 'Upload a product image (JPEG, PNG, GIF or WebP, at most 5 MB)' })
  @HttpCode(200)
  @UseInterceptors(SafeFileInterceptor('image', { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } },
    examples: { typical: { summary: 'one image file in the form field image', value: { image: '(the bytes of crown.webp)' } } },
  })
  @ApiOkResponse({ type: ImageUploadResponseDto })
  @ApiBadRequestResponse({ type: ApiErrorDto, description: 'no file, not a JPEG, PNG, GIF or WebP image, or a file name or field with a NUL, a lone surrogate or too long' })
  @ApiPayloadTooLargeResponse({ type: ApiErrorDto, description: 'larger than 5 MB' })
  @ApiUnauthorizedResponse({ type: ApiErrorDto })
  @ApiForbiddenResponse({ type: ApiErrorDto })
  upload(@UploadedFile() file: Express.Multer.File | undefined): Promise<ImageUploadResponse> {
    if (!file) throw new BadRequestException('image is required: send the file in the multipart field "image"');
    return this.images.store(file.buffer);
  }
}

/** Uploaded images at stable, content-addressed URLs: cached for a year by browsers and proxies. */
@ApiTags('catalog')
@Controller('media/images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get(':name')
  @ApiOperation({ summary: 'An uploaded image' })
  @ApiOkResponse({ description: 'the image bytes' })
  @ApiNotFoundResponse({ type: ApiErrorDto })
  async image(@Param('name') name: string, @Res() response: Response): Promise<void> {
    const image = await this.images.find(name);
    response
      .status(200)
      .type(image.contentType)
      .set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: `"${name.split('.')[0]}"`, 'Content-Disposition': 'inline' })
      .send(image.bytes);
  }
}
