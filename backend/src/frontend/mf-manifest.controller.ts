import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { RemotesManifest } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

class RemotesManifestDto implements RemotesManifest {
  @ApiProperty({ example: '/remotes/storefront/mf-manifest.json' }) storefront: string;
  @ApiProperty({ example: '/remotes/checkout/mf-manifest.json' }) checkout: string;
  @ApiProperty({ example: '/remotes/admin/mf-manifest.json' }) admin: string;
}

@ApiTags('frontend')
@Controller()
export class MfManifestController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Where the shell finds each remote's mf-manifest.json (REMOTE_*_URL overrides the defaults). */
  @Get('mf-manifest')
  @ApiOperation({ summary: "Where the shell loads each remote's manifest from" })
  @Header('Cache-Control', 'no-cache')
  @ApiOkResponse({ type: RemotesManifestDto })
  manifest(): RemotesManifestDto {
    return { ...this.config.remotes };
  }
}
