interface Failure {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * "fetch failed" says nothing; the innermost cause (ECONNREFUSED, ENOTFOUND…) tells the admin what
 * to fix. Duck-typed rather than `instanceof Error`: fetch's errors may come from another realm.
 */
export function networkDetail(error: unknown): string {
  const top = error as Failure | null;
  const message = typeof top?.message === 'string' ? top.message : String(error);
  let inner = top;
  for (let depth = 0; depth < 5 && inner?.cause && typeof inner.cause === 'object'; depth++) inner = inner.cause as Failure;
  if (!inner || inner === top) return message;
  const reason = [inner.code, inner.message].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
  return reason && !message.includes(reason) ? `${message} (${reason})` : message;
}
