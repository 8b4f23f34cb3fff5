import type pg from 'pg';

/** TypeORM's record of applied migrations: restore recreates it by running them, so it is never copied. */
export const MIGRATIONS_TABLE = 'typeorm_migrations';
/**
 * A one-row counter the migrations create and the catalogue triggers bump: it is restored with the
 * rest, but its migration-made row does not make a database "not empty".
 */
export const CATALOGUE_STATE = 'catalogue_state';

/** Quotes an identifier for SQL (the names come from the catalogue or a checked manifest). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The app's tables in the current schema with their columns, parents before children (by their
 * foreign keys), so a load in this order satisfies every constraint even without replica mode.
 */
export async function appTables(client: pg.ClientBase): Promise<Array<{ name: string; columns: string[] }>> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS "table", a.attname AS "column"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> $1
      ORDER BY c.relname, a.attnum`,
    [MIGRATIONS_TABLE],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
  );
  const tables = new Map<string, string[]>();
  for (const { table, column } of columns) tables.set(table, [...(tables.get(table) ?? []), column]);
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name)) return; // a cycle falls back to replica mode
    for (const { child, parent } of references) if (child === name && tables.has(parent)) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of tables.keys()) visit(name, []);
  return ordered.map((name) => ({ name, columns: tables.get(name)! }));
}

/** Applied migrations by name, oldest first (none when the table does not exist yet). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: exists } = await client.query(`SELECT to_regclass($1) AS table`, [MIGRATIONS_TABLE]);
  if (!exists[0].table) return [];
  const { rows } = await client.query<{ name: string }>(`SELECT name FROM ${ident(MIGRATIONS_TABLE)} ORDER BY "timestamp", id`);
  return rows.map((row) => row.name);
}
