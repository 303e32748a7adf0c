/**
 * Keeps the schema ready to be distributed by company_id (PostgreSQL with Citus, docs/scaling.md):
 * read from the migrated database's catalogue, so every module's tables are covered once their
 * migration exists, and from the repositories' joins.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/databases.ts';
import { type DbHandle, rowsOf } from './index.ts';

/**
 * Tables with a nullable company_id that stay on the coordinator: the job queue and the mail
 * outbox hold the platform's own rows too, and every process polls them across companies.
 */
const COORDINATOR_TABLES = new Set(['jobs', 'outbox_mails']);

/**
 * Tables of provider and company rows: the emission database's sources, editions, activities and
 * factors are the provider's (company_id null, read by every company) or a company's own. They keep
 * the (company_id, id) key like every tenant table; docs/scaling.md splits them for Citus (provider
 * rows as reference tables, company rows distributed).
 */
const PROVIDER_AND_COMPANY_TABLES = new Set([
  'emission_activities',
  'emission_factors',
  'emission_sources',
  'emission_source_versions',
]);
/** Foreign keys between tenant tables on the id alone, each with its reason. */
const FOREIGN_KEY_EXCEPTIONS = new Set([
  // ON DELETE SET NULL over (company_id, task_id) would clear the company as well; PostgreSQL 15's
  // `SET NULL (task_id)` is not expressible in the schema language, the Citus migration writes it.
  'task_notifications.task_id',
  // A company's factor may stand on a provider activity, source or edition (company_id null), and a
  // composite key is not checked at all where the company is null (MATCH SIMPLE): provider rows
  // would lose their check. They stay on the id until the provider rows move out (docs/scaling.md).
  'emission_factors.activity_id',
  'emission_factors.source_id',
  'emission_factors.source_version_id',
  'emission_source_versions.source_id',
]);

let h: DbHandle;
const q = async <T>(text: string) => rowsOf<T>(await h.db.execute(text));

beforeAll(async () => {
  h = await freshDatabase();
});
afterAll(() => h?.close());

async function tenantTables(): Promise<string[]> {
  const rows = await q<{ table: string }>(`
    select c.relname as table from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
    where c.relkind = 'r' order by 1`);
  return rows.map((r) => r.table).filter((t) => !COORDINATOR_TABLES.has(t));
}

describe('schema ready to distribute by company_id', () => {
  it('finds the tenant tables and the coordinator tables', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'sessions', 'tours', 'shipments', 'tour_shipments']),
    );
    // The coordinator tables really are the ones with a nullable company (platform rows).
    const nullable = await q<{ table: string }>(`
      select table_name as table from information_schema.columns
      where table_schema = 'public' and column_name = 'company_id' and is_nullable = 'YES'`);
    for (const { table } of nullable)
      if (!PROVIDER_AND_COMPANY_TABLES.has(table)) expect(COORDINATOR_TABLES, table).toContain(table);
  });

  it('gives every tenant table with a key one that includes company_id', async () => {
    const rows = await q<{ table: string; keys: number; company_keys: number }>(`
      select c.relname as table,
        count(i.indexrelid)::int as keys,
        count(i.indexrelid) filter (where exists (
          select 1 from pg_attribute a
          where a.attrelid = c.oid and a.attname = 'company_id' and a.attnum = any(i.indkey)))::int as company_keys
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      left join pg_index i on i.indrelid = c.oid and i.indisunique and i.indpred is null
      where c.relkind = 'r'
      group by c.relname`);
    const byTable = new Map(rows.map((r) => [r.table, r]));
    const missing = (await tenantTables()).filter((t) => {
      const r = byTable.get(t);
      // A table without any unique key (staged rows, monthly sums) distributes as it is.
      return r && r.keys > 0 && r.company_keys === 0;
    });
    expect(missing).toEqual([]);
  });

  it('lets foreign keys between tenant tables carry company_id on both sides', async () => {
    const tenant = new Set(await tenantTables());
    const fks = await q<{ child: string; parent: string; columns: string[]; parent_columns: string[] }>(`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as parent_columns
      from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);
    const wrong = fks
      .filter((fk) => tenant.has(fk.child) && tenant.has(fk.parent))
      .filter((fk) => {
        const at = fk.columns.indexOf('company_id');
        return at < 0 || fk.parent_columns[at] !== 'company_id';
      })
      .map((fk) => `${fk.child}.${fk.columns.join(',')}`)
      .filter((name) => !FOREIGN_KEY_EXCEPTIONS.has(name));
    expect(wrong).toEqual([]);
    // The references to companies themselves are on the distribution column: colocated.
    const toCompanies = fks.filter((fk) => fk.parent === 'companies' && tenant.has(fk.child));
    expect(toCompanies.length).toBeGreaterThan(10);
    for (const fk of toCompanies) expect(fk.columns).toEqual(['company_id']);
  });

  it('joins tenant tables in repositories only together with the company condition', async () => {
    const tenant = new Set(await tenantTables());
    // Drizzle names of the tenant tables: `users` → users, `tourShipments` → tour_shipments.
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const modules = join(import.meta.dirname, '../../modules');
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.repository.ts'),
    );
    expect(files.length).toBeGreaterThan(15);
    const offenders: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(join(modules, file), 'utf8');
      // Aliases such as `const u = schema.users;`.
      const aliases = new Map(
        [...text.matchAll(/const (\w+) = (?:schema\.)?(\w+);/g)].map((m) => [m[1], m[2]] as const),
      );
      for (const m of text.matchAll(
        /\.(?:inner|left|right|full)Join\(\s*([\w.]+)\s*,([\s\S]*?)\)\s*\n?\s*\./g,
      )) {
        const ident = m[1].replace(/^schema\./, '');
        const table = snake(aliases.get(ident) ?? ident);
        if (!tenant.has(table)) continue;
        checked++;
        if (!/companyId|company_id/.test(m[2])) {
          const line = text.slice(0, m.index).split('\n').length;
          offenders.push(`${file}:${line} joins ${table}`);
        }
      }
    }
    // The pattern still finds the joins (links with tours and shipments, users, groups, mappings).
    expect(checked).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
