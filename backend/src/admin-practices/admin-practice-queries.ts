import type { AdminPracticeSortField } from '@dentalmarket/contracts/admin-practices';
import { ADMIN_PRACTICE_OWNERS_SHOWN } from '@dentalmarket/contracts/admin-practices';
import { namePrefixQuery } from '../customers/customer-queries.js';
import { OPEN_BALANCE } from '../orders/place-order-sql.js';

/** A search counts up to this many practices (then 'more than 1,000'); the list itself is paged. */
export const PRACTICE_SEARCH_COUNT_CAP = 1000;
export const PRACTICE_PAGE_DEFAULT = 25;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a practice's name as IDX_practices_name_words holds them: the same expression. */
const NAME_WORDS = `to_tsvector('simple', translate(p.name, './@~', '    '))`;

/** A person as the admin's lists name them: the full name, else the username. */
const PERSON = `coalesce(nullif(btrim(u.full_name), ''), u.username)`;

/**
 * A practices row's columns for the practices `p` of one page: the members and owners from
 * IDX_users_practice, the open balance from IDX_orders_open_invoices, each probed once per row of
 * the page in the same statement (no query per row). Its tax exemption is
 * two columns of `p`.
 */
export const PRACTICE_ROW_COLUMNS = `p.id, p.name, p.phone, p.tax_id, p.created_at, p.disabled_at, p.payment_terms, p.net_days, p.credit_limit_cents,
  p.tax_exempt_certificate, p.tax_exempt_until::text AS tax_exempt_until, m.members, m.owner_count, m.owners, (${OPEN_BALANCE('p.id')}) AS open_cents`;

export const PRACTICE_MEMBERS_LATERAL = `CROSS JOIN LATERAL (
    SELECT count(*)::int AS members, count(*) FILTER (WHERE u.practice_role = 'owner')::int AS owner_count,
           coalesce((array_agg(${PERSON} ORDER BY u.created_at, u.id) FILTER (WHERE u.practice_role = 'owner'))[1:${ADMIN_PRACTICE_OWNERS_SHOWN}], '{}') AS owners
      FROM users u WHERE u.practice_id = p.id AND u.role = 'customer') m`;

/**
 * Each sort's key of a practice `p` (the page is chosen on it, then its rows are read): the name
 * and the newest walk their indexes (IDX_practices_name, IDX_practices_created); people and open
 * balance are counted per practice from IDX_users_practice and the open invoices' partial index
 * IDX_orders_open_invoices (index probes, never a pass over the users or orders tables), for every
 * practice the list holds (10,000: see docs/performance.md) or only those a search found.
 */
const SORT_KEY: Record<AdminPracticeSortField, string> = {
  name: 'lower(p.name)',
  created: 'p.created_at',
  members: `(SELECT count(*) FROM users u WHERE u.practice_id = p.id AND u.role = 'customer')`,
  open_balance: `(${OPEN_BALANCE('p.id')})`,
};

export interface PracticeListInput {
  q?: string;
  sort?: AdminPracticeSortField;
  direction?: 'asc' | 'desc';
  page?: number;
  limit?: number;
}

/**
 * The practices a search finds, as a join: those whose name's words start with the term's words
 * (IDX_practices_name_words), and those of a member whose email starts with the term or ends with
 * its domain (IDX_users_email_prefix / _suffix). Each part is an index probe; their union is joined
 * to the practices, so a search never walks every practice.
 */
function found(q: string | undefined): { text: string; values: unknown[] } {
  const term = q?.toLowerCase();
  if (!term) return { text: '', values: [] };
  const values: unknown[] = [likePrefix(term)];
  const parts = [`SELECT u.practice_id AS id FROM users u WHERE u.role = 'customer' AND lower(u.email) LIKE $1`];
  const domain = term.startsWith('@') ? term.slice(1) : !term.includes('@') && term.includes('.') ? term : null;
  if (domain) {
    values.push(likePrefix([...`@${domain}`].reverse().join('')));
    parts.push(`SELECT u.practice_id FROM users u WHERE u.role = 'customer' AND reverse(lower(u.email)) LIKE $${values.length}`);
  }
  const name = term.includes('@') ? null : namePrefixQuery(term);
  if (name) {
    values.push(name);
    parts.push(`SELECT p.id FROM practices p WHERE ${NAME_WORDS} @@ $${values.length}::tsquery`);
  }
  return { text: `JOIN (${parts.join(' UNION ')}) found ON found.id = p.id`, values };
}

export function practiceListSql(query: PracticeListInput) {
  const filter = found(query.q);
  const limit = query.limit ?? PRACTICE_PAGE_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const sort = SORT_KEY[query.sort ?? 'name'];
  const direction = query.direction === 'desc' ? 'DESC' : 'ASC';
  const n = filter.values.length;
  // the page's ids and sort keys first (no row's figures read for the rows an OFFSET skips), then their rows
  const page = `SELECT p.id, ${sort} AS sort_key FROM practices p ${filter.text} ORDER BY sort_key ${direction}, p.id ${direction} LIMIT $${n + 1} OFFSET $${n + 2}`;
  return {
    page: {
      text: `WITH page AS MATERIALIZED (${page})
        SELECT ${PRACTICE_ROW_COLUMNS} FROM page JOIN practices p ON p.id = page.id ${PRACTICE_MEMBERS_LATERAL}
        ORDER BY page.sort_key ${direction}, page.id ${direction}`,
      values: [...filter.values, limit, offset],
    },
    count: query.q
      ? { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM practices p ${filter.text} LIMIT ${PRACTICE_SEARCH_COUNT_CAP + 1}) AS matched`, values: filter.values }
      : { text: `SELECT count(*)::int AS total FROM practices p`, values: [] },
  };
}
