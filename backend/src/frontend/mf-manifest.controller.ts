import { Controller, Get, Header, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { RemotesManifest } from '@dentalmarket/contracts';
import { ApiErrorDto } from '../common/api-error.dto.js';
import { MfManifestQueryDto, RemotesManifestDto } from './dto/mf-manifest.dto.js';
import { LiveFrontendsGuard } from './live-frontends.guard.js';
import { LiveFrontendsService } from './live-frontends.service.js';

@ApiTags('frontend')
@Controller()
export class MfManifestController {
  constructor(private readonly frontends: LiveFrontendsService) {}

  /**
   * Where the shell finds each remote's mf-manifest.json (REMOTE_*_URL overrides the defaults), for
   * anyone; with `include=live`, for an admin, what is live too (issue 33): each frontend's build and
   * which copy of each shared module a page gives each remote.
   */
  @Get('mf-manifest')
  @ApiOperation({ summary: "Where the shell loads each remote's manifest from; with include=live (admins), what is live" })
  @Header('Cache-Control', 'no-cache')
  @UseGuards(LiveFrontendsGuard)
  // public, but include=live needs an admin's session
  @ApiSecurity({})
  @ApiCookieAuth()
  @ApiOkResponse({ type: RemotesManifestDto })
  @ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'include=live without a session' })
  @ApiForbiddenResponse({ type: ApiErrorDto, description: 'include=live, signed in but not an admin' })
  manifest(@Query() query: MfManifestQueryDto, @Res({ passthrough: true }) response: Response): Promise<RemotesManifest> {
    // an admin's answer (builds' commits): never kept by a shared cache
    if (query.include) response.setHeader('Cache-Control', 'private, no-store');
    return this.frontends.manifest(query.include);
  }
}
