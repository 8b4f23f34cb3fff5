import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import sharp from 'sharp';
import type { ImageUploadResponse } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';

/** The formats SPEC §5 accepts, by what the bytes are (never the file name or the client's MIME type). */
const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
type Format = keyof typeof FORMATS;
const EXTENSIONS: Record<Format, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
/** Larger images are decompression bombs, not product photos. */
const MAX_PIXELS = 40_000_000;

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/**
 * Uploaded images: read by their bytes with sharp (anything that only pretends to be an image is
 * refused), re-encoded in the same format (metadata such as GPS positions stripped, EXIF rotation
 * applied), stored in PostgreSQL under the sha256 of the stored bytes, served at a stable URL.
 */
@Injectable()
export class ImagesService {
  constructor(private readonly transactions: Transactions) {}

  async store(upload: Buffer): Promise<ImageUploadResponse> {
    let format: Format;
    let bytes: Buffer;
    try {
      const image = sharp(upload, { animated: true, limitInputPixels: MAX_PIXELS });
      const detected = (await image.metadata()).format;
      if (!detected || !(detected in FORMATS)) throw new Error(`format ${detected ?? 'unknown'}`);
      format = detected as Format;
      bytes = await image.rotate().toFormat(format).toBuffer();
    } catch {
      throw new BadRequestException('Invalid file type: please select an image file (JPEG, PNG, GIF, WebP).');
    }
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await this.transactions.manager.query(
      `INSERT INTO "images" ("sha256", "content_type", "bytes") VALUES ($1, $2, $3) ON CONFLICT ("sha256") DO NOTHING`,
      [sha256, FORMATS[format], bytes],
    );
    return { imageUrl: `/api/media/images/${sha256}.${EXTENSIONS[format]}`, imageData: bytes.toString('base64'), imageType: FORMATS[format] };
  }

  async find(name: string): Promise<StoredImage> {
    const match = /^([0-9a-f]{64})\.(jpg|png|gif|webp)$/.exec(name);
    if (!match) throw new NotFoundException('Image not found');
    const [row] = await this.transactions.manager.query(`SELECT "content_type", "bytes" FROM "images" WHERE "sha256" = $1`, [match[1]]);
    if (!row || EXTENSIONS[(Object.keys(FORMATS) as Format[]).find((f) => FORMATS[f] === row.content_type)!] !== match[2]) {
      throw new NotFoundException('Image not found');
    }
    return { contentType: row.content_type, bytes: row.bytes };
  }
}
