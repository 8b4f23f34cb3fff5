import { Inject, Injectable } from '@nestjs/common';
import { isbot } from 'isbot';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AnalyticsWriter } from './analytics-writer.js';
import { CLICK_LIMITS } from './click-limits.js';
import type { PartnerClickDto } from './dto/partner-click.dto.js';
import { VisitorHasher } from './visitor-hash.js';
import { RecentKeys, WindowCounter } from './windows.js';

/** What became of a reported click (the endpoint answers 204 whatever it is). */
export type ClickOutcome = 'counted' | 'bot' | 'duplicate' | 'burst';

/**
 * Decides whether a reported partner click counts, without touching the database: not from a known
 * bot (isbot's maintained user-agent list; no user agent counts as one), not the second report of
 * the same click (beacon and ping share a clickId; without one, the same visitor, product and
 * second; a beacon and ping that reach two instances are settled by the click id's unique index), and not beyond CLICK_LIMITS.perVisitor a minute from one visitor. A counted click goes to
 * the buffered writer; whether its product is a partner product is settled there, in the INSERT.
 */
@Injectable()
export class PartnerClicksService {
  private readonly hasher: VisitorHasher;
  private readonly recent = new RecentKeys(CLICK_LIMITS.duplicateMs, CLICK_LIMITS.maxKeys);
  private readonly bursts = new WindowCounter(CLICK_LIMITS.perVisitor, CLICK_LIMITS.burstWindowMs, CLICK_LIMITS.maxKeys);

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'sessionSecret'>,
    private readonly writer: AnalyticsWriter,
  ) {
    this.hasher = new VisitorHasher(config.sessionSecret);
  }

  record(click: PartnerClickDto, visitor: { address: string; userAgent: string | undefined }, at = new Date()): ClickOutcome {
    if (!visitor.userAgent || isbot(visitor.userAgent)) return 'bot';
    const visitorHash = this.hasher.hash(visitor.address, visitor.userAgent, at);
    const key = click.clickId ? `click ${click.productId} ${click.clickId.toLowerCase()}` : `visit ${visitorHash} ${click.productId} ${Math.floor(at.getTime() / 1000)}`;
    if (this.recent.seen(key, at.getTime())) return 'duplicate';
    if (!this.bursts.hit(visitorHash, at.getTime())) return 'burst';
    this.writer.addClick({ productId: click.productId, clickedAt: at, referrerPath: click.from ?? null, visitorHash, clickId: click.clickId?.toLowerCase() ?? null });
    return 'counted';
  }
}
