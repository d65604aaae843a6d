import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepStatements } from './pglite-statements.ts';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  keepStatements(pg);
  await pg.exec('create table t (id int primary key, name text, at timestamptz)');
});
afterAll(async () => {
  await pg?.close();
});

const prepared = async () => (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n ?? 0;

describe('kept statements on PGlite', () => {
  it('answer like PGlite: parameters typed by the statement, rows, fields and affected rows', async () => {
    const at = new Date('2026-11-24T08:00:00Z');
    const insert = await pg.query('insert into t (id, name, at) values ($1, $2, $3)', [1, '甲', at]);
    expect(insert.affectedRows).toBe(1);
    await pg.query('insert into t (id, name, at) values ($1, $2, $3)', [2, null, at]);
    const rows = await pg.query<{ id: number; name: string | null; at: Date }>('select id, name, at from t where id = any($1) order by id', [[1, 2]]);
    expect(rows.rows).toEqual([
      { id: 1, name: '甲', at },
      { id: 2, name: null, at },
    ]);
    expect(rows.fields.map((f) => f.name)).toEqual(['id', 'name', 'at']);
    const arrays = await pg.query('select id from t where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1]]);
  });

  it('parse each text once and reuse it', async () => {
    const before = await prepared();
    for (let i = 0; i < 5; i++) await pg.query('select name from t where id = $1', [1]);
    expect(await prepared()).toBe(before + 1);
  });

  it('leave the connection usable after an error, outside and inside a transaction', async () => {
    await expect(pg.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    await expect(pg.query('select * from missing where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect((await pg.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [3, 'rolled back']);
        await tx.query('insert into t (id) values ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await pg.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    await pg.transaction(async (tx) => {
      await tx.query('update t set name = $1 where id = $2', ['乙', 2]);
    });
    expect((await pg.query('select name from t where id = $1', [2])).rows).toEqual([{ name: '乙' }]);
  });

  it('prepare again when a table changed under a kept statement', async () => {
    await pg.query('select * from t where id = $1', [1]);
    await pg.exec('alter table t add column extra int');
    // PostgreSQL refuses the old plan ("cached plan must not change result type"): the text is parsed anew and asked again.
    expect((await pg.query('select * from t where id = $1', [1])).fields.map((f) => f.name)).toContain('extra');
    await pg.exec('alter table t drop column extra');
    // Inside a transaction the refusal aborts it: the error is the caller's, and the next time works.
    await expect(pg.transaction((tx) => tx.query('select * from t where id = $1', [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await pg.query('select * from t where id = $1', [1])).fields.map((f) => f.name)).not.toContain('extra');
  });

  it('keep at most 64, closing the least recently used', async () => {
    for (let i = 0; i < 80; i++) await pg.query(`select $1::int + ${i} as n`, [1]);
    expect(await prepared()).toBeLessThanOrEqual(64);
    expect((await pg.query('select $1::int + 79 as n', [1])).rows).toEqual([{ n: 80 }]);
    expect((await pg.query('select $1::int + 0 as n', [1])).rows).toEqual([{ n: 1 }]);
  });
});
