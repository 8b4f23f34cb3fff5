import { BadRequestException } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';

/**
 * How numbers are written on the wire, in one form each. `Number()`, `+x` and class-transformer's
 * `@Type(() => Number)` accept far more ('0x10' is 16, ' 1' and '1.0' are 1, '' and false are 0,
 * true is 1), so a malformed id could name another row: these patterns decide before any of them.
 */
export const WHOLE_NUMBER = /^(0|-?[1-9][0-9]*)$/;
/** A decimal: a whole number with an optional fraction of digits, '-0' excepted. */
export const DECIMAL_NUMBER = /^(?!-0(\.0*)?$)-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
/** Dollars as the price columns hold them: up to 8 digits without leading zeros, up to 2 decimals. */
export const MONEY = /^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/;
/** A path or query value read without a DTO is an id or a count: digits only. */
const DIGITS = /^(0|[1-9][0-9]*)$/;

/**
 * A number argument without a DTO (`@Param('id') id: number`): digits only, and exact as a
 * JavaScript number, or 400 naming it.
 */
export function numberArgument(name: string, value: unknown): number {
  if (typeof value !== 'string' || !DIGITS.test(value)) throw new BadRequestException(`${name} must be a whole number in decimal digits`);
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new BadRequestException(`${name} must not be greater than ${Number.MAX_SAFE_INTEGER}`);
  return number;
}

interface NumberField {
  whole: boolean;
  /** the field's own message for a wrong value (its @IsInt or @IsNumber message), if it has one */
  message?: string;
}

const fieldsByDto = new WeakMap<Function, Map<string, NumberField>>();

/**
 * The DTO's number fields: declared `number`, or validated by @IsInt/@IsNumber (SWC emits the
 * design type of `number | null` as Object, tsc as Number: the validator says it either way).
 */
function numberFields(dto: Function): Map<string, NumberField> {
  let fields = fieldsByDto.get(dto);
  if (fields) return fields;
  fields = new Map();
  const rules = getMetadataStorage()
    .getTargetValidationMetadatas(dto, '', true, false)
    .filter((rule) => !rule.each);
  for (const property of new Set(rules.map((rule) => rule.propertyName))) {
    const own = rules.filter((rule) => rule.propertyName === property);
    const check = own.find((rule) => rule.name === 'isInt') ?? own.find((rule) => rule.name === 'isNumber');
    if (!check && Reflect.getMetadata('design:type', dto.prototype, property) !== Number) continue;
    const message = typeof check?.message === 'string' ? check.message.replaceAll('$property', property) : undefined;
    fields.set(property, { whole: check?.name === 'isInt', message });
  }
  fieldsByDto.set(dto, fields);
  return fields;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** What is wrong with one number field's value, or null: the field's own message first. */
function problem(field: NumberField, key: string, value: unknown, location: 'body' | 'query' | 'param'): string | null {
  if (value === undefined || value === null) return null; // absent: @IsOptional or the field's own check decides
  if (location === 'body') {
    // JSON has numbers: a string or boolean in their place is a client's mistake, not a number to guess
    if (typeof value === 'number') return null;
    return field.message ?? `${key} must be a number, not ${kindOf(value)}`;
  }
  if (typeof value === 'string' && (field.whole ? WHOLE_NUMBER : DECIMAL_NUMBER).test(value)) return null;
  return field.message ?? `${key} must be ${field.whole ? 'a whole number' : 'a number'} in decimal digits`;
}

/**
 * Checks a DTO's number fields in a body, query or path: a body holds JSON numbers, a query or path
 * canonical decimal text (see WHOLE_NUMBER, DECIMAL_NUMBER), which becomes a number here. Returns the
 * value to validate, without the malformed fields, and a message for each of those.
 */
export function checkNumberFields(dto: Function, value: unknown, location: 'body' | 'query' | 'param'): { value: unknown; problems: Map<string, string> } {
  const problems = new Map<string, string>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { value, problems };
  const fields = numberFields(dto);
  const checked: Record<string, unknown> = { ...value };
  for (const [key, field] of fields) {
    if (!Object.hasOwn(checked, key)) continue;
    const issue = problem(field, key, checked[key], location);
    if (issue) {
      problems.set(key, issue);
      delete checked[key];
    } else if (typeof checked[key] === 'string') checked[key] = Number(checked[key]);
  }
  return { value: fields.size ? checked : value, problems };
}
