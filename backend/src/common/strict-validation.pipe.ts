import { type ArgumentMetadata, BadRequestException, Injectable, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { checkNumberFields, numberArgument } from './canonical-number.js';

/** What the DTO's declared type is called in a message. */
const SCALAR_NAMES = new Map<unknown, string>([
  [Number, 'a number'],
  [String, 'a string'],
  [Boolean, 'true or false'],
]);

/** ValidationPipe's errors, unflattened, so transform() can answer them with its own messages. */
class Invalid extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

/**
 * The global ValidationPipe, with the shape checks class-transformer skips. A DTO body must be
 * one JSON object: an array (`[{"sortOrder":1}]`) would be converted element by element into
 * an array class-validator cannot judge. And a field declared as a number, string or boolean must
 * not arrive as an object or array, which `@Type(() => Number)` would otherwise turn silently into
 * a value (`[5]` → 5, `[]` → 0). Both answer 400 naming the body or the field.
 *
 * Numbers mean what they say (canonical-number.ts): a path or query number is decimal digits, a
 * body number a JSON number. Nest would otherwise apply `+value` to `@Param('id') id: number` before
 * ParseIntPipe sees it ('0x10' → 16), and `@Type(() => Number)` makes '' and false 0 and true 1.
 * This holds for every number a DTO declares and every `number` argument, so a new route needs
 * nothing of its own.
 */
@Injectable()
export class StrictValidationPipe extends ValidationPipe {
  constructor() {
    super({ whitelist: true, forbidNonWhitelisted: true, transform: true, exceptionFactory: (errors) => new Invalid(errors) });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.metatype;
    if (dto === Number && metadata.data && (metadata.type === 'param' || metadata.type === 'query')) {
      return value === undefined ? undefined : numberArgument(metadata.data, value);
    }
    if (!dto || !this.toValidate(metadata)) return super.transform(value, metadata);

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
    // toValidate() is false for custom decorators: this is a body, query or path
    const checked = checkNumberFields(dto, value, metadata.type as 'body' | 'query' | 'param');
    try {
      const result = await super.transform(checked.value, metadata);
      if (checked.problems.size) throw new BadRequestException([...checked.problems.values()]);
      return result;
    } catch (error) {
      if (!(error instanceof Invalid)) throw error;
      // the malformed numbers were left out of what was validated: their own messages, then the rest
      const others = error.errors.filter((e) => !checked.problems.has(e.property));
      throw new BadRequestException([...checked.problems.values(), ...this.flattenValidationErrors(others)]);
    }
  }
}
