import { type Type } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';

/** A request body documented by its DTO and one complete example a client can send as it is. */
export const ApiBodyExample = (type: Type<unknown>, value: Record<string, unknown>, summary = 'a typical request') =>
  ApiBody({ type, examples: { typical: { summary, value } } });
