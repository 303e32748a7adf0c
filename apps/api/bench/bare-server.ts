/**
 * The floor the platform bench compares the API with: Fastify 5 and `pg`, nothing else (no
 * plugins, hooks, validation or ORM), on the same database as the API under test.
 *
 * - `GET /one`: one row by primary key (a user), answered as JSON.
 * - `GET /me`: the statements `GET /api/users/me` needs, written by hand: the session by its token
 *   hash with user, company and group, the user with company and group, the company's bookings
 *   and the session's date ranges; the body is the API's own answer (`BARE_ME_BODY`, a file) with
 *   the read fields put in, so both send the same bytes.
 * - `GET /vehicles`: a page of 10 vehicles with the list's total, as `GET /api/vehicles` reads it.
 *
 * Started by `platform.bench.ts` with DATABASE_URL, PORT, BARE_USER_ID and BARE_ME_BODY.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const userId = process.env.BARE_USER_ID ?? '';
const template = JSON.parse(readFileSync(process.env.BARE_ME_BODY ?? '', 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false });

const one = { name: 'bare_one', text: 'select id, email, first_name, last_name from users where id = $1' };
const session = {
  name: 'bare_session',
  text: `select s.id, s.created_at, s.last_seen_at, s.expires_at, s.impersonator_user_id, u.id as user_id,
    u.email, u.roles, u.status, u.is_verified, c.id as company_id, c.is_basic, c.modules, c.is_platform,
    c.deleted_at
    from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
    where s.token_hash = $1 and s.revoked_at is null`,
};
const user = {
  name: 'bare_user',
  text: `select u.*, c.name as company_name, c.is_basic, c.unlocked, c.initial_module, m.group_id
    from users u join companies c on c.id = u.company_id
    left join user_group_members m on m.user_id = u.id and m.company_id = u.company_id
    where u.company_id = $1 and u.id = $2`,
};
const bookings = {
  name: 'bare_bookings',
  text: `select b.*, t.module, t.type from tariff_bookings b join tariffs t on t.id = b.tariff_id
    where b.company_id = $1 order by b.begin_date, b.id`,
};
const config = { name: 'bare_config', text: 'select config from sessions where id = $1' };
const vehicles = {
  name: 'bare_vehicles',
  text: `select *, count(*) over () as total from vehicles where company_id = $1
    order by license_plate, id limit 10`,
};

app.get('/one', async () => (await pool.query({ ...one, values: [userId] })).rows[0]);

app.get('/me', async (req, reply) => {
  const token = (req.headers.authorization ?? '').slice(7);
  const hash = createHash('sha256').update(token).digest('base64url');
  const [s] = (await pool.query({ ...session, values: [hash] })).rows;
  if (!s) return reply.code(401).send({ code: 50100 });
  const [u] = (await pool.query({ ...user, values: [s.company_id, s.user_id] })).rows;
  const b = (await pool.query({ ...bookings, values: [s.company_id] })).rows;
  const [cfg] = (await pool.query({ ...config, values: [s.id] })).rows;
  return { ...template, id: u.id, email: u.email, bookings: b.length, sessionConfig: cfg.config ?? {} };
});

app.get('/vehicles', async (req) => {
  const companyId = (req.query as { company?: string }).company;
  const rows = (await pool.query({ ...vehicles, values: [companyId] })).rows;
  return { 'hydra:member': rows, 'hydra:totalItems': Number(rows[0]?.total ?? 0) };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
