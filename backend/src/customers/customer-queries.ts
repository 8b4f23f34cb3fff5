import type { CustomerSortField } from '@dentalmarket/contracts';
import type { CustomerListQueryDto } from './customers.dto.js';

/** A search counts up to this many accounts (then 'more than 1,000'); the list itself is paged. */
export const CUSTOMER_SEARCH_COUNT_CAP = 1000;
export const CUSTOMER_PAGE_DEFAULT = 25;

export const CUSTOMER_COLUMNS = `u.id, u.username, u.email, u.full_name, u.role, u.created_at, u.disabled_at, s.orders, s.spent_cents, s.last_order_at`;

/**
 * Each sort walks an index (migration 1764900000000-Customers): the stats sorts read
 * `customer_stats`' own indexes and break ties by its user_id in the same direction; a never-ordered
 * account sorts after every ordered one when sorting by last order, newest first.
 */
const ORDER_BY: Record<CustomerSortField, (dir: 'ASC' | 'DESC') => string> = {
  registered: (dir) => `u.created_at ${dir}, u.id ${dir}`,
  username: (dir) => `lower(u.username) ${dir}`,
  email: (dir) => `lower(u.email) ${dir}`,
  orders: (dir) => `s.orders ${dir}, s.user_id ${dir}`,
  spent: (dir) => `s.spent_cents ${dir}, s.user_id ${dir}`,
  last_order: (dir) => `s.last_order_at ${dir} NULLS ${dir === 'DESC' ? 'LAST' : 'FIRST'}, s.user_id ${dir}`,
};

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The words of a full name as IDX_users_full_name_words (migration 1765200000000-CustomerNameSearch) holds them: the same expression. */
const NAME_WORDS = `to_tsvector('simple', translate(u.full_name, './@~', '    '))`;

/**
 * What was typed as a tsquery of word prefixes, every one required: 'jane' → `'jane':*`,
 * 'Dr. Jane Smi' → `'dr':* & 'jane':* & 'smi':*`; null when it has no letter or digit. Split at
 * everything else, as the index's words are, so nothing in a term is tsquery syntax.
 */
export function namePrefixQuery(term: string): string | null {
  const words = term.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}

/**
 * The WHERE of a list: a prefix of a username or email, or an email's domain; a name whose words
 * start with the term's words ('smith', 'jane', 'Jane Sm'); the role. Each alternative is an index
 * probe (the planner ORs them), so a search never reads the whole table.
 */
function where(query: CustomerListQueryDto): { text: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const q = query.q?.toLowerCase();
  if (q) {
    values.push(likePrefix(q));
    const alternatives = [`lower(u.username) LIKE $${values.length}`, `lower(u.email) LIKE $${values.length}`];
    // '@clinic.example' or 'clinic.example': the addresses at that domain, matched from the end
    const domain = q.startsWith('@') ? q.slice(1) : !q.includes('@') && q.includes('.') ? q : null;
    if (domain) {
      values.push(likePrefix([...`@${domain}`].reverse().join('')));
      alternatives.push(`reverse(lower(u.email)) LIKE $${values.length}`);
    }
    // text with an '@' is an address; anything else may be a name too
    const name = q.includes('@') ? null : namePrefixQuery(q);
    if (name) {
      values.push(name);
      alternatives.push(`${NAME_WORDS} @@ $${values.length}::tsquery`);
    }
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  if (query.role) {
    values.push(query.role);
    conditions.push(`u.role = $${values.length}`);
  }
  return { text: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

export function customerListSql(query: CustomerListQueryDto) {
  const filter = where(query);
  const limit = query.limit ?? CUSTOMER_PAGE_DEFAULT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const direction = query.direction === 'asc' ? 'ASC' : 'DESC';
  const order = ORDER_BY[query.sort ?? 'registered'](direction);
  const n = filter.values.length;
  return {
    page: {
      text: `SELECT ${CUSTOMER_COLUMNS} FROM users u JOIN customer_stats s ON s.user_id = u.id ${filter.text} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      values: [...filter.values, limit, offset],
    },
    // a search counts at most CAP + 1 rows; the unfiltered count is exact
    count: query.q
      ? { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM users u ${filter.text} LIMIT ${CUSTOMER_SEARCH_COUNT_CAP + 1}) AS found`, values: filter.values }
      : { text: `SELECT count(*)::int AS total FROM users u ${filter.text}`, values: filter.values },
  };
}
