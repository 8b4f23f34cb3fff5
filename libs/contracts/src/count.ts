/** A run of digits with en-US thousands separators: "1234567" -> "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A whole count as the shop writes it (en-US): 1234 -> "1,234", -5 -> "-5"; the same text as
 * `count.toLocaleString('en-US')`, built from the digits. Why not Intl: the first use of Intl in a
 * page (toLocaleString with a locale, NumberFormat, DateTimeFormat) loads the browser's locale data,
 * 18-56 ms of the main thread in Chromium on this project's 2-core host, inside whichever task
 * first formats a number: on the storefront's server-rendered pages that was a hydration slice
 * (issue 20's TBT). A value that is not a safe integer is left to Intl.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`;
}
