import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once and binds fresh parameters on every use', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = {
      close: () => raw.close(),
      prepare: (sql: string) => {
        prepared += 1;
        return raw.prepare(sql);
      },
    };
    const db = withStatementCache(counting);
    db.prepare('create table t (id integer primary key, name text)').run([]);
    const insert = 'insert into t (name) values (?)';
    for (const name of ['甲', '乙', '丙']) db.prepare(insert).run([name]);
    const select = 'select name from t where id = ?';
    expect(db.prepare(select).all([2])).toEqual([{ name: '乙' }]);
    expect(db.prepare(select).all([3])).toEqual([{ name: '丙' }]);
    expect(db.prepare(select)).toBe(db.prepare(select));
    // create, insert, select: three texts, three prepares however often they ran.
    expect(prepared).toBe(3);
    db.close();
  });

  it('keeps a bounded number of statements, dropping the oldest', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw);
    const first = db.prepare('select 0');
    for (let i = 1; i <= 1_000; i += 1) db.prepare(`select ${i}`);
    expect(db.prepare('select 1000')).toBe(db.prepare('select 1000'));
    expect(db.prepare('select 0')).not.toBe(first);
    db.close();
  });
});
