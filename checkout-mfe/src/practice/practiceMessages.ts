/** The `message` of an API error (a string, or the validation list joined), else the fallback. */
export function apiMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: unknown }).data as { message?: unknown } | undefined;
    const message = data?.message;
    if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('. ') || fallback;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/** A member's name as the page shows it: the full name, else the username. */
export const personName = (member: { full_name: string | null; username: string }) => member.full_name?.trim() || member.username;
