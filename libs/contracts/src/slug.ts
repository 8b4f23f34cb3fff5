/**
 * Slug of the AI flow (SPEC §5): lower-cased; characters other than word characters, whitespace
 * and hyphens removed; whitespace to hyphens; repeated hyphens collapsed.
 */
export function slugifyAi(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/**
 * Slug of the admin product form (SPEC §5): lower-cased, punctuation (hyphens included) removed,
 * whitespace to hyphens, repeated hyphens collapsed.
 */
export function slugifyAdmin(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\w\s]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** Server-side slug for generated records: the AI rule, with hyphens trimmed from both ends. */
export function slugify(name: string): string {
  return slugifyAi(name.trim()).replace(/^-+|-+$/g, '');
}
