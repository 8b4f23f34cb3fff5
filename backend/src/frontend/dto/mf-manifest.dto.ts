import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { LiveBuild, LiveFrontends, LiveRemote, LiveSharedModule, RemoteName, RemotesManifest } from '@dentalmarket/contracts';

const REMOTE_NAMES: RemoteName[] = ['storefront', 'checkout', 'admin'];

export class MfManifestQueryDto {
  @ApiPropertyOptional({ enum: ['live'], description: 'live: add what is live (admins only)' })
  @IsOptional()
  @IsIn(['live'], { message: ({ value }) => `include must be "live" or left out, not ${JSON.stringify(value)}` })
  include?: 'live';
}

class LiveBuildDto implements LiveBuild {
  @ApiProperty({ example: '3f9c2ab', description: "the build's commit; a build made before commits were recorded gives its package version" }) commit: string;
  @ApiProperty({ example: '2026-05-04T09:12:44.000Z', description: "when it was built (ISO 8601); '' when the build does not say" }) builtAt: string;
  @ApiProperty({ example: '@dentalmarket/storefront-mfe' }) name: string;
}

class LiveShellSharedModuleDto {
  @ApiProperty({ example: 'react' }) name: string;
  @ApiProperty({ example: '19.3.1' }) version: string;
  @ApiProperty() singleton: boolean;
}

class LiveShellDto {
  @ApiProperty({ type: LiveBuildDto, nullable: true, description: "null when the shell's manifest could not be read" }) build: LiveBuildDto | null;
  @ApiProperty({ type: [LiveShellSharedModuleDto], description: 'the shared modules the shell provides to every remote' }) shared: LiveShellSharedModuleDto[];
}

class LiveSharedModuleDto implements LiveSharedModule {
  @ApiProperty({ example: 'react' }) name: string;
  @ApiProperty({ example: '^19.0.0', description: "the remote's required range ('*': none)" }) asked: string;
  @ApiProperty({ example: '19.3.1', description: "the version of the remote's own copy" }) own: string;
  @ApiProperty() singleton: boolean;
  @ApiProperty({ type: String, nullable: true, example: '19.3.1', description: "the version a page uses; null where a singleton's range is not met" }) got: string | null;
  @ApiProperty({ enum: ['shell', 'own', 'unmet'] }) source: 'shell' | 'own' | 'unmet';
}

class LiveRemoteDto implements LiveRemote {
  @ApiProperty({ enum: REMOTE_NAMES }) name: RemoteName;
  @ApiProperty({ example: '/remotes/storefront/mf-manifest.json' }) url: string;
  @ApiProperty({ enum: ['ok', 'unmet', 'unreachable'], description: "unmet: the shell cannot meet a singleton's range, so it does not load the remote" })
  status: 'ok' | 'unmet' | 'unreachable';
  @ApiProperty({ type: LiveBuildDto, nullable: true }) build: LiveBuildDto | null;
  @ApiProperty({ type: [LiveSharedModuleDto] }) shared: LiveSharedModuleDto[];
  @ApiProperty({ type: [String], example: ['react ^20.0.0 (the shell has 19.3.1)'] }) unmet: string[];
  @ApiPropertyOptional({ example: 'no answer within 3 s', description: "why the remote's manifest could not be read (unreachable)" }) error?: string;
}

class LiveFrontendsDto implements LiveFrontends {
  @ApiProperty({ format: 'date-time', description: 'when this was checked (kept for a few seconds)' }) checkedAt: string;
  @ApiProperty({ type: LiveShellDto }) shell: LiveShellDto;
  @ApiProperty({ type: [LiveRemoteDto] }) remotes: LiveRemoteDto[];
}

export class RemotesManifestDto implements RemotesManifest {
  @ApiProperty({ example: '/remotes/storefront/mf-manifest.json' }) storefront: string;
  @ApiProperty({ example: '/remotes/checkout/mf-manifest.json' }) checkout: string;
  @ApiProperty({ example: '/remotes/admin/mf-manifest.json' }) admin: string;
  @ApiPropertyOptional({ type: LiveFrontendsDto, description: 'only with include=live' }) live?: LiveFrontendsDto;
}
