import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './helpers.js';
import { LONE_SURROGATE_UTF16LE, multipartBody, type RawPart } from './multipart.js';

let t: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  t = await startTestApp();
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
});

afterAll(async () => {
  await t?.close();
});

const photo = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0b6e8a' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Dr. Secret, 12 Private Road' } })
    .toBuffer();

describe('POST /api/admin/upload-image', () => {
  it('re-encodes the image without its metadata, stores it once by content, and serves it with a long cache', async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await admin.post('/api/admin/upload-image').attach('image', original, { filename: 'chair.jpg', contentType: 'image/jpeg' }).expect(200);
    expect(res.body).toEqual({ imageUrl: expect.stringMatching(/^\/api\/media\/images\/[0-9a-f]{64}\.jpg$/), imageData: expect.any(String), imageType: 'image/jpeg' });
    const stored = Buffer.from(res.body.imageData, 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 20 });
    expect(meta.exif).toBeUndefined();

    const served = await request(t.http).get(res.body.imageUrl).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.body as Buffer, stored)).toBe(0);

    const again = await admin.post('/api/admin/upload-image').attach('image', original, 'copy.jpg').expect(200);
    expect(again.body.imageUrl).toBe(res.body.imageUrl);
    await request(t.http).get(res.body.imageUrl.replace('.jpg', '.png')).expect(404);
    await request(t.http).get('/api/media/images/not-a-hash.jpg').expect(404);
  });

  it('judges the bytes, not the name or the declared type', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff0' } }).png().toBuffer();
    const disguised = await admin.post('/api/admin/upload-image').attach('image', png, { filename: 'photo.jpg', contentType: 'image/jpeg' }).expect(200);
    expect(disguised.body.imageType).toBe('image/png');

    for (const [bytes, filename] of [
      [Buffer.from('definitely not an image'), 'fake.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.svg'],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]), 'truncated.png'],
    ] as const) {
      const res = await admin.post('/api/admin/upload-image').attach('image', bytes, { filename, contentType: 'image/png' }).expect(400);
      expect(res.body.message).toBe('Invalid file type: please select an image file (JPEG, PNG, GIF, WebP).');
    }
  });

  it('answers 413 beyond 5 MB, 400 without a file, and only to admins', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    const tooLarge = await admin.post('/api/admin/upload-image').attach('image', big, 'big.jpg').expect(413);
    expect(tooLarge.body.statusCode).toBe(413);
    const none = await admin.post('/api/admin/upload-image').field('note', 'no file').expect(400);
    expect(none.body.message).toBe('image is required: send the file in the multipart field "image"');
    await request(t.http).post('/api/admin/upload-image').attach('image', await photo(), 'a.jpg').expect(401);
    const customer = request.agent(t.http);
    await customer.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
    await customer.post('/api/admin/upload-image').attach('image', await photo(), 'a.jpg').expect(403);
  });
});

describe('each accepted type in, every impostor out, and nothing stored for a refusal', () => {
  const imageRows = async () => Number((await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM images'))[0].n);
  const base = () => sharp({ create: { width: 12, height: 9, channels: 3, background: '#2a9d8f' } });

  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('accepts %s, re-encoded and served as %s', async (format, imageType, ext) => {
    const bytes = await base().toFormat(format).toBuffer();
    const res = await admin.post('/api/admin/upload-image').attach('image', bytes, `upload.${ext}`).expect(200);
    expect(res.body.imageType).toBe(imageType);
    expect(res.body.imageUrl).toMatch(new RegExp(`^/api/media/images/[0-9a-f]{64}\\.${ext}$`));
    expect((await sharp(Buffer.from(res.body.imageData, 'base64')).metadata()).format).toBe(format);
    const served = await request(t.http).get(res.body.imageUrl).expect(200);
    expect(served.headers['content-type']).toBe(imageType);
  });

  it('refuses a renamed executable, a truncated PNG, an SVG with script, a polyglot and 5 MB + 1 byte, storing nothing', async () => {
    const png = await base().png().toBuffer();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(256, 0x90)]);
    // a GIF header that is also valid JavaScript (the classic GIF/JS polyglot), followed by no real image
    const polyglot = Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//', 'latin1');
    const before = await imageRows();
    for (const [bytes, filename, status] of [
      [elf, 'photo.png', 400],
      [png.subarray(0, Math.floor(png.length / 2)), 'half.png', 400],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), 'icon.webp', 400],
      [polyglot, 'anim.gif', 400],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), 'huge.jpg', 413],
    ] as const) {
      const res = await admin.post('/api/admin/upload-image').attach('image', bytes, { filename, contentType: 'image/png' });
      expect(`${filename} ${res.status}`).toBe(`${filename} ${status}`);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }
    expect(await imageRows()).toBe(before);
  });
});

describe('the text of a multipart upload', () => {
  const imageRows = async () => Number((await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM images'))[0].n);
  const post = (parts: RawPart[]) => {
    const { contentType, body } = multipartBody(parts);
    return admin.post('/api/admin/upload-image').set('Content-Type', contentType).send(body);
  };

  it('refuses a NUL, a lone surrogate or a too long name in the file name or a text field with a 400 naming it, storing nothing', async () => {
    // an image stored by no other test, so a wrong acceptance would add a row
    const image = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#c0ffee' } }).png().toBuffer();
    const file = (disposition: string): RawPart => ({ disposition: `form-data; name="image"; ${disposition}`, contentType: 'image/png', body: image });
    const alt = (body: string | Buffer, contentType?: string): RawPart => ({ disposition: 'form-data; name="alt"', contentType, body });
    const before = await imageRows();
    for (const [parts, message] of [
      [[file(`filename*=utf-8''chair%00.png`)], 'body.image.filename must not contain NUL characters'],
      [[file(`filename*=utf-16le''a%00%00%D8b%00`)], 'body.image.filename must be well-formed Unicode (it contains a lone surrogate)'],
      [[file(`filename="${'x'.repeat(252)}.png"`)], 'body.image.filename must be at most 255 characters long'],
      [[alt('Chair\0'), file('filename="chair.png"')], 'body.alt must not contain NUL characters'],
      [[file('filename="chair.png"'), alt('Chair\0')], 'body.alt must not contain NUL characters'],
      [[file('filename="chair.png"'), alt(LONE_SURROGATE_UTF16LE, 'text/plain; charset=utf-16le')], 'body.alt must be well-formed Unicode (it contains a lone surrogate)'],
      [[file('filename="chair.png"'), alt('x'.repeat(20_001))], 'body.alt must be at most 20000 characters long'],
      // a raw NUL byte in a plain filename="…" does not even make a part header
      [[file('filename="chair\0.png"')], 'Multipart: Malformed part header'],
    ] as const) {
      const res = await post([...parts]);
      expect(`${res.status} ${res.body.message}`).toBe(`400 ${message}`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(await imageRows()).toBe(before);
    // the same image under a name in UTF-8 (filename*=) and a plain text field is stored
    await post([file(`filename*=utf-8''chaise-%C3%A9l%C3%A9gante.png`), alt('Chaise élégante')]).expect(200);
    expect(await imageRows()).toBe(before + 1);
  });
});
