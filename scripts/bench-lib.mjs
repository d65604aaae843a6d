// Small pieces every benchmark script needs.
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the server started on it next takes it). */
export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The PostgreSQL server benchmarks make their databases on (and drop them from). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement as the admin connection (create or drop a database); its rows. */
export async function admin(statement, params) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query(statement, params)).rows;
  } finally {
    await c.end();
  }
}

/** The URL of database `name` on the admin connection's server. */
export const databaseUrl = (name) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
