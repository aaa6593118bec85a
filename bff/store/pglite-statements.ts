// The embedded ledger's statements as one call into PGlite each (its thread, pglite-worker.ts, runs them), where
// PGlite's own query() makes six (parse, describe, bind, describe, execute, sync) and plans the statement anew
// every time. Each distinct SQL text is parsed once as a named prepared statement, its parameter types read then;
// after that a statement is bind, describe, execute and sync in one message, and PostgreSQL reuses its plan.
// Parameters are serialised exactly as PGlite's query() does (by the type PostgreSQL inferred), and rows parsed by
// PGlite's own parser, so a row or an error is the same whichever way it came.
import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/** Local choice: distinct statements kept prepared. The ledger's code has a few dozen; a runaway set is dropped. */
const MAX_PREPARED = 500;

interface Prepared {
  name: string;
  /** PostgreSQL's type of each parameter, which picks its serialiser. */
  types: number[];
}

const joined = (parts: Uint8Array[]): Uint8Array => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
};

export interface PgliteStatements {
  /** One parameterised statement; `durable` writes PGlite's files through when it ends (outside a transaction). */
  query(sql: string, params: readonly unknown[], durable: boolean): Promise<Record<string, unknown>[]>;
  /** A transaction's begin, commit or rollback; the command PostgreSQL says it ran (a failed one commits as ROLLBACK). */
  control(sql: 'begin' | 'commit' | 'rollback', durable: boolean): Promise<string | undefined>;
  /** The caller's SQL without parameters, several statements allowed; it may change tables, so plans are dropped. */
  exec(sql: string, durable: boolean): Promise<void>;
}

export function pgliteStatements(db: PGlite): PgliteStatements {
  const prepared = new Map<string, Prepared>();
  let named = 0;

  /** Sends `parts` with a sync, one statement at a time as PGlite requires; PostgreSQL's error as PGlite throws it. */
  async function send(parts: Uint8Array[], durable: boolean, sql: string, params?: readonly unknown[]) {
    try {
      return (
        await db.runExclusive(() =>
          db.execProtocol(joined([...parts, protocol.serialize.sync()]), { syncToFs: durable }),
        )
      ).messages;
    } catch (error) {
      // As PGlite's own query() names them: which statement failed, with which parameters (the logger redacts them).
      throw Object.assign(error as Error, { query: sql, params });
    }
  }

  async function prepare(sql: string): Promise<Prepared> {
    const known = prepared.get(sql);
    if (known) return known;
    if (prepared.size >= MAX_PREPARED) await forget();
    const name = `opi_${++named}`;
    const messages = await send(
      [protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name })],
      false,
      sql,
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    prepared.set(sql, statement);
    return statement;
  }

  /** Every prepared statement dropped: after SQL that may change a table, and when too many are kept. */
  async function forget() {
    if (prepared.size === 0) return;
    prepared.clear();
    await send([protocol.serialize.query('deallocate all')], false, 'deallocate all');
  }

  return {
    async query(sql, params, durable) {
      const { name, types } = await prepare(sql);
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null;
        const serialise = db.serializers[types[index]!];
        return serialise ? serialise(param) : String(param);
      });
      const messages = await send(
        [
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
        ],
        durable,
        sql,
        params,
      );
      return parse.parseResults(messages, db.parsers)[0]!.rows as Record<string, unknown>[];
    },
    async control(sql, durable) {
      const messages = await send([protocol.serialize.query(sql)], durable, sql);
      return parse.parseResults(messages, db.parsers)[0]?.command;
    },
    async exec(sql, durable) {
      await send([protocol.serialize.query(sql)], durable, sql);
      await forget();
    },
  };
}
