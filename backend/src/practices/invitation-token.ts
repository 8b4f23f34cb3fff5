import { createHash, createHmac } from 'node:crypto';

/**
 * An invitation link's token (issue 36): `<invitation id>.<version>.<HMAC>` signed with a key derived
 * from the session secret. The database keeps only its SHA-256 (`token_hash`), so a copy of the
 * database opens no invitation; the email worker derives the token again from the id and version
 * (nothing secret travels through the job queue either). A resend bumps the version: the earlier
 * link's hash no longer matches, so it stops working.
 */
export class InvitationTokens {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('dentalmarket practice invitations v1').digest();
  }

  token(invitationId: string, version: number): string {
    const signature = createHmac('sha256', this.key).update(`${invitationId}.${version}`).digest('base64url');
    return `${invitationId}.${version}.${signature}`;
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}

/** What a token looks like: anything else is "not found" without a database read. */
export const INVITATION_TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[1-9][0-9]{0,8}\.[A-Za-z0-9_-]{43}$/;
