import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { clientNetwork } from '../rate-limits/client-network.js';
import { type LimitRule, RateLimiter } from '../rate-limits/rate-limiter.service.js';
import { TooManyRequests, waitText } from '../rate-limits/too-many-requests.js';

/** Attempts of one username from one network before the back-off starts. */
export const PAIR_FREE_ATTEMPTS = 5;
/** Attempts from one network, any usernames (logins and guest order look-ups together). */
export const NETWORK_FREE_ATTEMPTS = 30;
/** Attempts against one username from browsers that never signed in as it, from anywhere. */
export const USER_FREE_ATTEMPTS = 10;
/** Attempts from one trusted browser (device cookie) for its user. */
export const DEVICE_FREE_ATTEMPTS = 5;
/** A key's count starts again after this long without an attempt. */
const FORGET_AFTER_SECONDS = 60 * 60;

export class TooManyLoginAttempts extends TooManyRequests {
  constructor(retryAfterSeconds: number, what = 'login') {
    super(`Too many failed ${what} attempts; try again in ${waitText(retryAfterSeconds)}`, retryAfterSeconds);
  }
}

/** What a reserved attempt counted, to be given back if it succeeds. */
export interface AttemptTicket {
  /** forgotten on success: the attempts of this client (and device) at this name */
  own: string[];
  /** given back one on success: the shared budgets */
  shared: string[];
}

const backoff = (key: string, limit: number): LimitRule => ({ key, limit, windowSeconds: FORGET_AFTER_SECONDS, kind: 'backoff' });

/**
 * Login attempts (and guest order look-ups) counted before the password is checked: each attempt
 * reserves its slot in every budget in one statement (RateLimiter), so a burst of 50 at once gets
 * exactly the free attempts through and argon2 never runs for the rest. Budgets, each with its own
 * back-off (15 s, 30 s, 1 min … 15 min past its free attempts): the client's network (an IPv4 address,
 * an IPv6 /64), the network and name together, and the name itself: from browsers that never
 * signed in as it (so guesses from many networks slow down), or, from a browser with a valid
 * device cookie for it, that browser's own budget: an attacker cannot lock the real user out.
 * A success forgets the client's attempts at the name and gives back its shared slots.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'rateLimits'>,
  ) {}

  /** A login attempt for `username` from `address`; `device` is a valid device cookie's nonce for it. 429 past a budget. */
  reserveLogin(address: string, username: string, device: string | undefined): Promise<AttemptTicket> {
    const name = username.toLowerCase();
    const net = clientNetwork(address, this.config.rateLimits.ipv6Prefix);
    const ticket = {
      own: [`login:pair:${net}:${name}`, ...(device ? [`login:device:${device}`] : [])],
      shared: [`auth:net:${net}`, ...(device ? [] : [`login:user:${name}`])],
    };
    const rules = [backoff(ticket.shared[0]!, NETWORK_FREE_ATTEMPTS), backoff(ticket.own[0]!, PAIR_FREE_ATTEMPTS)];
    rules.push(device ? backoff(ticket.own[1]!, DEVICE_FREE_ATTEMPTS) : backoff(ticket.shared[1]!, USER_FREE_ATTEMPTS));
    return this.reserve(rules, ticket, 'login');
  }

  /** A guest's order look-up: shares the network's budget with logins, and has one per order number. */
  reserveLookup(address: string, orderNumber: string): Promise<AttemptTicket> {
    const net = clientNetwork(address, this.config.rateLimits.ipv6Prefix);
    const ticket = { own: [`lookup:pair:${net}:${orderNumber}`], shared: [`auth:net:${net}`] };
    return this.reserve([backoff(ticket.shared[0]!, NETWORK_FREE_ATTEMPTS), backoff(ticket.own[0]!, PAIR_FREE_ATTEMPTS)], ticket, 'order lookup');
  }

  /** The attempt succeeded: its client's attempts at the name are forgotten, its shared slots given back. */
  async succeeded(ticket: AttemptTicket): Promise<void> {
    await this.limiter.forget(ticket.own);
    await this.limiter.refund(ticket.shared);
  }

  private async reserve(rules: LimitRule[], ticket: AttemptTicket, what: string): Promise<AttemptTicket> {
    const verdict = await this.limiter.consume(rules);
    if (!verdict.allowed) throw new TooManyLoginAttempts(verdict.retryAfterSeconds, what);
    return ticket;
  }
}
