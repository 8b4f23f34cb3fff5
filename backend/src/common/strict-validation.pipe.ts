import { type ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';

/** What the DTO's declared type is called in a message. */
const SCALAR_NAMES = new Map<unknown, string>([
  [Number, 'a number'],
  [String, 'a string'],
  [Boolean, 'true or false'],
]);

/**
 * The global ValidationPipe, with the shape checks class-transformer skips. A DTO body must be
 * one JSON object: an array (`[{"sortOrder":1}]`) would be converted element by element into
 * an array class-validator cannot judge. And a field declared as a number, string or boolean must
 * not arrive as an object or array, which `@Type(() => Number)` would otherwise turn silently into
 * a value (`[5]` → 5, `[]` → 0). Both answer 400 naming the body or the field.
 */
@Injectable()
export class StrictValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.metatype;
    if ((metadata.type === 'body' || metadata.type === 'query') && dto && this.toValidate(metadata)) {
      if (metadata.type === 'body' && value !== undefined && value !== null && (Array.isArray(value) || typeof value !== 'object')) {
        throw new BadRequestException(`body must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}`);
      }
      if (typeof value === 'object' && value !== null) {
        for (const [key, field] of Object.entries(value)) {
          if (typeof field !== 'object' || field === null) continue;
          const scalar = SCALAR_NAMES.get(Reflect.getMetadata('design:type', dto.prototype, key));
          if (scalar) throw new BadRequestException(`${key} must be ${scalar}, not ${Array.isArray(field) ? 'an array' : 'an object'}`);
        }
      }
    }
    return super.transform(value, metadata);
  }
}
