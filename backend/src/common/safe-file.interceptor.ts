import fs from 'node:fs/promises';
import { type CallHandler, type ExecutionContext, Injectable, mixin, type NestInterceptor, type Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type {} from 'multer';
import type { Observable } from 'rxjs';
import { checkFileName, checkMultipartFields } from './input-safety.guard.js';

type MulterOptions = NonNullable<Parameters<typeof FileInterceptor>[1]>;

/**
 * FileInterceptor (one file in `field`) with the input-safety checks the global guard cannot make,
 * since it runs before the multipart body is parsed: no NUL, well-formed Unicode and length limits
 * for the file's name and every text field, a refusal being a 400 naming it. The name is checked
 * when the file's part begins (multer's fileFilter), with the fields sent before it, so a refused
 * file is never stored, not even in a temporary file; the fields sent after it once the body is
 * parsed, before the handler runs (a file stored on disk is then removed).
 * Every multipart route takes its upload through this, never FileInterceptor itself.
 */
export function SafeFileInterceptor(field: string, options: MulterOptions = {}): Type<NestInterceptor> {
  const fileFilter: MulterOptions['fileFilter'] = (request: Request, file, accept) => {
    checkFileName(field, file.originalname);
    checkMultipartFields(request.body);
    if (options.fileFilter) options.fileFilter(request, file, accept);
    else accept(null, true);
  };

  @Injectable()
  class Interceptor extends FileInterceptor(field, { ...options, fileFilter }) {
    override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const handled = await super.intercept(context, next);
      const request = context.switchToHttp().getRequest<Request>();
      try {
        checkMultipartFields(request.body);
      } catch (error) {
        if (request.file?.path) await fs.rm(request.file.path, { force: true });
        throw error;
      }
      return handled;
    }
  }
  return mixin(Interceptor);
}
