/** The server's message of a refused save (a string, or the validation list joined), for a toast. */
export const refusal = (error: unknown) => {
  const message = (error as { data?: { message?: unknown } }).data?.message;
  return Array.isArray(message) ? message.join('. ') : typeof message === 'string' ? message : 'Please try again.';
};
