/**
 * A link typed without a scheme gets https:// (SPEC §2 partner links, §5 affiliate link); one with
 * http:// or https:// (any case) is kept as written.
 */
export function withHttps(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link}`;
}
