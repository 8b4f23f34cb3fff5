import { BadRequestException, type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

/** Longest string accepted anywhere in a JSON body (product descriptions are the longest text). */
export const MAX_BODY_STRING = 20_000;
/** Longest query or path value. */
export const MAX_URL_STRING = 2_000;
/** Longest name of an uploaded file: what file systems allow for a name. */
export const MAX_FILE_NAME = 255;
/** Deepest nesting of objects and arrays in a body (the product payload needs 3). */
export const MAX_DEPTH = 16;
/** Most keys and array items in one body, all levels together. */
export const MAX_NODES = 5_000;
/**
 * Field names that would shadow a member every object inherits: `{"toString":"x"}` makes the
 * object unconvertible (`Number(o)`, `String(o)` and template literals throw "Cannot convert
 * object to primitive value"), so any converter below would answer 500. No API field is named so.
 */
const INHERITED_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Checks every string of a request once, before any guard, pipe or handler sees it, so that no
 * route can forget: no NUL character (PostgreSQL cannot store or compare it), only well-formed
 * Unicode (no lone surrogate), a length limit, and for bodies a bounded nesting depth and size
 * (deep nesting overflows the stack of recursive converters). Keys are checked like values, and
 * none may shadow an inherited member such as toString or valueOf.
 * A violation answers 400 naming the field, e.g. "query.search must not contain NUL characters".
 * It runs as the first global guard: guards run before pipes, and the login guard reads the body.
 * A multipart body is parsed later, by its route's interceptor: SafeFileInterceptor makes the same
 * checks on its fields and file names (checkMultipartFields, checkFileName).
 */
@Injectable()
export class InputSafetyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    checkTree('params', request.params, MAX_URL_STRING);
    checkTree('query', request.query, MAX_URL_STRING);
    checkTree('body', request.body, MAX_BODY_STRING);
    return true;
  }
}

/** The text fields of a parsed multipart body, checked as a JSON body's strings are. */
export function checkMultipartFields(body: unknown): void {
  checkTree('body', body, MAX_BODY_STRING);
}

/** An uploaded file's name (the filename of its part), named in a refusal as `body.<field>.filename`. */
export function checkFileName(field: string, name: string): void {
  const issue = problem(name, MAX_FILE_NAME);
  if (issue) throw new BadRequestException(`body.${field}.filename ${issue}`);
}

function problem(value: string, max: number): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (!value.isWellFormed()) return 'must be well-formed Unicode (it contains a lone surrogate)';
  if (value.length > max) return `must be at most ${max} characters long`;
  return null;
}

/** Walks a parsed value without recursion, so no input can overflow the stack here. */
function checkTree(root: string, value: unknown, maxString: number): void {
  if (value === undefined || value === null) return;
  const pending: Array<{ path: string; value: unknown; depth: number }> = [{ path: root, value, depth: 0 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { path, value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      const issue = problem(current, maxString);
      if (issue) throw new BadRequestException(`${path} ${issue}`);
      continue;
    }
    if (typeof current === 'number' && !Number.isFinite(current)) throw new BadRequestException(`${path} must be a finite number`);
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_DEPTH) throw new BadRequestException(`${root} is nested too deeply (at most ${MAX_DEPTH} levels)`);
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    nodes += entries.length;
    if (nodes > MAX_NODES) throw new BadRequestException(`${root} has too many fields or items (at most ${MAX_NODES})`);
    for (const [key, child] of entries) {
      const keyIssue = problem(key, 200);
      if (keyIssue) throw new BadRequestException(`a field name in ${path} ${keyIssue}`);
      if (!Array.isArray(current) && INHERITED_NAMES.has(key)) throw new BadRequestException(`${path} must not have a field named ${key}`);
      pending.push({ path: `${path}.${key}`, value: child, depth: depth + 1 });
    }
  }
}
