import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The conditions of a keyset page: the rows after (value, id) in the order (sortExpr, idColumn),
 * both descending or both ascending. The first bound alone is a range both databases seek on the
 * sort index; the OR alone (or a row-value comparison on an expression index) made SQLite walk the
 * index from the top. Callers add both with `.where`.
 */
export function keysetAfter(
  sortExpr: Expression<unknown>,
  idColumn: string,
  direction: 'asc' | 'desc',
  after: { value: number | string; id: number },
): [RawBuilder<SqlBool>, RawBuilder<SqlBool>] {
  const cmp = sql.raw(direction === 'desc' ? '<' : '>');
  const cmpOrEqual = sql.raw(direction === 'desc' ? '<=' : '>=');
  const id = sql.ref(idColumn);
  return [sql<SqlBool>`${sortExpr} ${cmpOrEqual} ${after.value}`, sql<SqlBool>`(${sortExpr} ${cmp} ${after.value} or ${id} ${cmp} ${after.id})`];
}
