import { createHash, createHmac } from 'node:crypto';

/**
 * An invitation link's token (issue 36): the invitation's id (16 bytes), its version (4) and their
 * HMAC-SHA256 (32), signed with a key derived from the session secret, as one base64url word (70
 * characters: no dot, which the static server would read as a file's extension). The database keeps only its SHA-256 (`token_hash`), so a copy of the
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
    const id = Buffer.from(invitationId.replace(/-/g, ''), 'hex');
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(version);
    const signature = createHmac('sha256', this.key).update(Buffer.concat([id, counter])).digest();
    return Buffer.concat([id, counter, signature]).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}

/** What a token looks like: anything else is "not found" without a database read. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{70}$/;
