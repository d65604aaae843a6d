import { type AdminBulkResult, type AdminListQuery, ErrorCode, errorMessage, type PublicationState } from '@medportal/contract';
import { CATALOG_RESOURCES, type CatalogResourceName } from '@medportal/contract/admin-routes';
import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { publicationState, publishValues, stateCondition, textSearch } from './publication.ts';

/**
 * One catalog resource of the operator console (decision record 0068): the owning module describes
 * its table once, and `catalogRoutes` gives it the console's list (search, filters, sort, pages),
 * detail, create, edit with the `updated_at` check, delete (or take offline), publish (now or at an
 * instant), bulk actions, the audit row of every write and the public caches to drop after it.
 *
 * Bodies and items are the contract's snake_case fields; by default a field `name_zh` is the column
 * `nameZh` both ways, and a definition maps only what differs (`toRow`, `present`).
 */

type Row = Record<string, unknown>;

/** The staff module's `writeAudit` (modules/shared sits below the modules: it is passed in). */
export type AuditWriter = (tx: Tx, entry: { actorId: number | null; action: string; target: string; before: unknown; after: unknown; now?: Date }) => Promise<number>;

export interface CatalogContext {
  now: Date;
  actorId: number;
  /** The stored row an edit starts from (undefined on create). */
  before?: Row | undefined;
}

/**
 * Rows linked to an item through a table of pairs (a speaker's departments, an album's videos): the
 * body's `field` lists the other ends in order and replaces them; the detail reads them back.
 */
export interface CatalogLink {
  field: string;
  table: PgTable;
  /** The pair's column holding the item's id, and the one holding the linked row's. */
  owner: PgColumn;
  target: PgColumn;
  /** Keeps the list's order. */
  sort?: PgColumn;
  /** A table holding several kinds of link: this link's rows carry `value` in `column`. */
  scope?: { column: PgColumn; value: string };
}

export interface CatalogDefinition {
  /** The contract's resource name (its routes are `admin<Name>List`...). */
  name: CatalogResourceName;
  /** Audit kind: actions `<kind>.create`..., targets `<kind>:<id>`. */
  kind: string;
  table: PgTable;
  id: PgColumn;
  updatedAt: PgColumn;
  /** content_status and, for scheduled publication, published_at. */
  status?: PgColumn;
  publishedAt?: PgColumn;
  /** Columns the list's `q` searches (ILIKE). */
  search: PgColumn[];
  /** List filters: query key → the column it must equal. */
  filters?: Record<string, PgColumn>;
  /** Sort keys the list takes besides `id` and `updated_at`. */
  sorts?: Record<string, PgColumn>;
  /** Default list order when no `sort` is given (newest first by id otherwise). */
  defaultOrder?: Array<SQL | PgColumn>;
  /** Column values of a create or edit body; the default maps `a_b` to `aB` and drops `updated_at`. */
  toRow?: (body: Row, ctx: CatalogContext) => Row | Promise<Row>;
  /** The console item of a row; the default maps `aB` to `a_b`, dates to ISO strings, and adds `state`. */
  present?: (row: Row, now: Date) => Row;
  /** Public cache tags a write of these rows drops. */
  tags: (ids: number[]) => string[];
  /** Runs in the write's transaction after the row is stored (site page versions). */
  onSaved?: (tx: Tx, row: Row, ctx: CatalogContext, action: 'create' | 'edit') => Promise<void>;
  /** Runs after the write commits (the search index, in-process caches). */
  afterCommit?: (db: Db, ids: number[]) => Promise<void>;
  links?: CatalogLink[];
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Body fields to column values (`name_zh` → `nameZh`), without the edit's `updated_at`. */
export function columnsOf(body: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(body)) if (k !== 'updated_at') out[camel(k)] = v;
  return out;
}

/** A row as the console sees it: snake_case keys, instants as ISO strings. */
export function fieldsOf(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[snake(k)] = v instanceof Date ? v.toISOString() : v;
  return out;
}

function presentRow(def: CatalogDefinition, row: Row, now: Date): Row {
  const base = def.present ? def.present(row, now) : fieldsOf(row);
  if (!def.status) return base;
  const status = row[camel(def.status.name)] as Parameters<typeof publicationState>[0];
  const publishedAt = def.publishedAt ? ((row.publishedAt as Date | null) ?? null) : null;
  return { ...base, state: publicationState(status, publishedAt, now) };
}

/** The PostgreSQL error under drizzle's wrapping, if any. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Constraint failures as the console's codes: a taken key, a reference to nothing, a row still in use. */
function translate(err: unknown, removing: boolean): never {
  const code = pgCode(err);
  if (code === '23505') throw new AppError(ErrorCode.CATALOG_DUPLICATE);
  if (code === '23503') throw new AppError(removing ? ErrorCode.CATALOG_IN_USE : ErrorCode.CATALOG_MISSING_REFERENCE);
  if (code === '23514') throw new AppError(ErrorCode.VALIDATION);
  throw err;
}

/** `updated_at` as sent equals the stored one to the millisecond (the precision the console got). */
const sameVersion = (column: PgColumn, sent: string): SQL => sql`date_trunc('milliseconds', ${column}) = ${new Date(sent)}`;

export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly def: CatalogDefinition,
    private readonly invalidate: (tags: string[]) => void,
    private readonly audit: AuditWriter,
  ) {}

  private get t() {
    return this.def.table;
  }

  /** The definition's column values, an empty English text stored as null where the column takes null (read as "not written"). */
  private async values(body: Row, ctx: CatalogContext): Promise<Row> {
    const values = await (this.def.toRow ?? columnsOf)(body, ctx);
    const columns = getTableColumns(this.t) as Record<string, PgColumn>;
    for (const [k, v] of Object.entries(values)) if (v === '' && k.endsWith('En') && columns[k] && !columns[k].notNull) values[k] = null;
    return { ...values, [camel(this.def.updatedAt.name)]: ctx.now };
  }

  async list(q: AdminListQuery & Row, now: Date) {
    const d = this.def;
    const where = and(
      textSearch(q.q, ...d.search),
      q.state && d.status ? stateCondition(q.state as PublicationState, d.status, d.publishedAt ?? d.status, now) : undefined,
      ...Object.entries(d.filters ?? {}).map(([key, col]) => (q[key] === undefined ? undefined : eq(col, q[key]))),
    );
    const sortCol = q.sort ? ({ id: d.id, updated_at: d.updatedAt, ...d.sorts } as Record<string, PgColumn>)[q.sort] : undefined;
    if (q.sort && !sortCol) throw new AppError(ErrorCode.VALIDATION, { message: errorMessage(ErrorCode.VALIDATION) + `: sort ${q.sort}` });
    const order = sortCol ? [q.order === 'asc' ? asc(sortCol) : desc(sortCol), desc(d.id)] : (d.defaultOrder ?? [desc(d.id)]);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(this.t)
        .where(where)
        .orderBy(...order)
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(this.t).where(where),
    ]);
    const n = total?.n ?? 0;
    return { items: rows.map((r) => presentRow(d, r as Row, now)), page: q.page, page_size: q.page_size, total: n, has_more: q.page * q.page_size < n };
  }

  private async find(db: Db | Tx, id: number, lock = false): Promise<Row> {
    const query = db.select().from(this.t).where(eq(this.def.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row as Row;
  }

  async get(id: number, now: Date) {
    return this.withLinks(this.db, id, presentRow(this.def, await this.find(this.db, id), now));
  }

  /** The body without its link fields (they are not columns). */
  private withoutLinks(body: Row): Row {
    const plain = { ...body };
    for (const l of this.def.links ?? []) delete plain[l.field];
    return plain;
  }

  private linkWhere(l: CatalogLink, id: number): SQL | undefined {
    return and(eq(l.owner, id), l.scope ? eq(l.scope.column, l.scope.value) : undefined);
  }

  /** Replaces the links a body sends (in the write's transaction); a link it leaves out stays. */
  private async saveLinks(tx: Tx, id: number, body: Row): Promise<void> {
    for (const l of this.def.links ?? []) {
      const ids = body[l.field] as number[] | undefined;
      if (ids === undefined) continue;
      await tx.delete(l.table).where(this.linkWhere(l, id));
      const targets = [...new Set(ids)];
      if (targets.length === 0) continue;
      await tx.insert(l.table).values(
        targets.map((target, i) => ({
          [camel(l.owner.name)]: id,
          [camel(l.target.name)]: target,
          ...(l.sort ? { [camel(l.sort.name)]: i } : {}),
          ...(l.scope ? { [camel(l.scope.column.name)]: l.scope.value } : {}),
        })) as never,
      );
    }
  }

  private async withLinks(db: Db | Tx, id: number, item: Row): Promise<Row> {
    const out = { ...item };
    for (const l of this.def.links ?? []) {
      const rows = await db
        .select({ target: l.target })
        .from(l.table)
        .where(this.linkWhere(l, id))
        .orderBy(...(l.sort ? [asc(l.sort), asc(l.target)] : [asc(l.target)]));
      out[l.field] = rows.map((r) => r.target as number);
    }
    return out;
  }

  private async done(ids: number[]) {
    this.invalidate(this.def.tags(ids));
    await this.def.afterCommit?.(this.db, ids);
  }

  async create(body: Row, actorId: number, now: Date) {
    const d = this.def;
    const ctx = { now, actorId };
    // Whatever the table's default, a new row is a draft until it is published.
    const values = { ...(await this.values(this.withoutLinks(body), ctx)), ...(d.status ? { [camel(d.status.name)]: 'draft' } : {}) };
    const row = await transaction(this.db, async (tx) => {
      const [saved] = (await tx.insert(this.t).values(values as never).returning()) as Row[];
      if (!saved) throw new Error(`${d.kind}: insert returned nothing`);
      const id = saved[camel(d.id.name)] as number;
      await this.saveLinks(tx, id, body);
      await d.onSaved?.(tx, saved, ctx, 'create');
      await this.audit(tx, { actorId, action: `${d.kind}.create`, target: `${d.kind}:${id}`, before: null, after: fieldsOf(saved), now });
      return saved;
    }).catch((err: unknown) => translate(err, false));
    const id = row[camel(d.id.name)] as number;
    await this.done([id]);
    return this.withLinks(this.db, id, presentRow(d, row, now));
  }

  /** A conditional UPDATE on the `updated_at` the editor started from: a stale save changes nothing. */
  async edit(id: number, body: Row & { updated_at: string }, actorId: number, now: Date) {
    const d = this.def;
    const row = await transaction(this.db, async (tx) => {
      const before = await this.find(tx, id, true);
      const ctx = { now, actorId, before };
      const values = await this.values(this.withoutLinks(body), ctx);
      const [saved] = (await tx
        .update(this.t)
        .set(values as never)
        .where(and(eq(d.id, id), sameVersion(d.updatedAt, body.updated_at)))
        .returning()) as Row[];
      if (!saved) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
      await this.saveLinks(tx, id, body);
      await d.onSaved?.(tx, saved, ctx, 'edit');
      await this.audit(tx, { actorId, action: `${d.kind}.edit`, target: `${d.kind}:${id}`, before: fieldsOf(before), after: fieldsOf(saved), now });
      return saved;
    }).catch((err: unknown) => translate(err, false));
    await this.done([id]);
    return this.withLinks(this.db, id, presentRow(d, row, now));
  }

  /** Deletes the row, or takes it offline where the table has publication (links to it keep working for the console). */
  private async removeIn(tx: Tx, id: number, actorId: number, now: Date): Promise<void> {
    const d = this.def;
    const before = await this.find(tx, id, true);
    if (d.status) {
      const [after] = (await tx
        .update(this.t)
        .set({ [camel(d.status.name)]: 'offline', [camel(d.updatedAt.name)]: now } as never)
        .where(eq(d.id, id))
        .returning()) as Row[];
      await this.audit(tx, { actorId, action: `${d.kind}.offline`, target: `${d.kind}:${id}`, before: fieldsOf(before), after: after ? fieldsOf(after) : null, now });
    } else {
      await tx.delete(this.t).where(eq(d.id, id));
      await this.audit(tx, { actorId, action: `${d.kind}.delete`, target: `${d.kind}:${id}`, before: fieldsOf(before), after: null, now });
    }
  }

  private async publishIn(tx: Tx, id: number, at: string | null | undefined, actorId: number, now: Date): Promise<Row> {
    const d = this.def;
    if (!d.status) throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    if (at && !d.publishedAt) throw new AppError(ErrorCode.CATALOG_NO_SCHEDULE);
    const before = await this.find(tx, id, true);
    const { status, publishedAt } = publishValues(at, now);
    const set: Row = { [camel(d.status.name)]: status, [camel(d.updatedAt.name)]: now };
    if (d.publishedAt) set[camel(d.publishedAt.name)] = publishedAt;
    const [after] = (await tx.update(this.t).set(set as never).where(eq(d.id, id)).returning()) as Row[];
    if (!after) throw new AppError(ErrorCode.NOT_FOUND);
    await this.audit(tx, { actorId, action: `${d.kind}.publish`, target: `${d.kind}:${id}`, before: fieldsOf(before), after: fieldsOf(after), now });
    return after;
  }

  async remove(id: number, actorId: number, now: Date) {
    await transaction(this.db, (tx) => this.removeIn(tx, id, actorId, now)).catch((err: unknown) => translate(err, true));
    await this.done([id]);
    return { id };
  }

  /** Takes a row with publication offline (the editor's "take offline"; DELETE does the same). */
  async offline(id: number, actorId: number, now: Date) {
    if (!this.def.status) throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    await this.remove(id, actorId, now);
    return this.get(id, now);
  }

  async publish(id: number, at: string | null | undefined, actorId: number, now: Date) {
    const row = await transaction(this.db, (tx) => this.publishIn(tx, id, at, actorId, now));
    await this.done([id]);
    return presentRow(this.def, row, now);
  }

  /** `publish`, `offline` (tables with publication) or `delete`; each row in its own transaction, failures reported per row. */
  async bulk(ids: number[], action: string, actorId: number, now: Date): Promise<AdminBulkResult> {
    const d = this.def;
    const actions: Record<string, ((tx: Tx, id: number) => Promise<unknown>) | undefined> = d.status
      ? { publish: (tx, id) => this.publishIn(tx, id, null, actorId, now), offline: (tx, id) => this.removeIn(tx, id, actorId, now) }
      : { delete: (tx, id) => this.removeIn(tx, id, actorId, now) };
    const run = actions[action];
    if (!run) throw new AppError(ErrorCode.ADMIN_BAD_STATE, { message: `${errorMessage(ErrorCode.ADMIN_BAD_STATE)}: ${action}` });
    const result: AdminBulkResult = { done: [], failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        await transaction(this.db, (tx) => run(tx, id)).catch((err: unknown) => translate(err, action !== 'publish'));
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ id, code: err.code, message: err.userMessage ?? errorMessage(err.code) });
      }
    }
    if (result.done.length > 0) await this.done(result.done);
    return result;
  }
}

/** Ids of rows in a set (for definitions that read related rows). */
export const idIn = (col: PgColumn, ids: number[]) => inArray(col, ids);

/**
 * Registers the resource's console routes from the contract's route table; the owning module's
 * `*.admin.routes.ts` calls it with its definition.
 */
export function catalogRoutes(instance: FastifyInstance, def: CatalogDefinition, opts: { now: () => Date; audit: AuditWriter }): CatalogService {
  const svc = new CatalogService(instance.db, def, (tags) => instance.publicCache.invalidate(tags), opts.audit);
  const n = def.name;
  // The route names exist for every resource (admin-routes.ts builds them from the same list); the
  // request types are the contract's, checked by the route's schema before the handler runs.
  const route = (suffix: string) => endpointRoute(`admin${n}${suffix}` as never) as unknown as Parameters<FastifyInstance['route']>[0];
  type Req = { query: AdminListQuery & Row; params: { id: number }; body: Row & { updated_at: string; at?: string | null; ids: number[]; action: string } };
  const actor = (req: Req) => currentUser(req as never).id;
  instance.route({ ...route('List'), handler: async (req) => ok(await svc.list((req as unknown as Req).query, opts.now())) });
  instance.route({ ...route('Get'), handler: async (req) => ok(await svc.get((req as unknown as Req).params.id, opts.now())) });
  instance.route({
    ...route('Create'),
    handler: async (req) => ok(await svc.create((req as unknown as Req).body, actor(req as unknown as Req), opts.now())),
  });
  instance.route({
    ...route('Edit'),
    handler: async (req) => {
      const r = req as unknown as Req;
      return ok(await svc.edit(r.params.id, r.body, actor(r), opts.now()));
    },
  });
  instance.route({
    ...route('Delete'),
    handler: async (req) => {
      const r = req as unknown as Req;
      return ok(await svc.remove(r.params.id, actor(r), opts.now()));
    },
  });
  if (CATALOG_RESOURCES[n].publication) {
    instance.route({
      ...route('Publish'),
      handler: async (req) => {
        const r = req as unknown as Req;
        return ok(await svc.publish(r.params.id, r.body.at, actor(r), opts.now()));
      },
    });
    instance.route({
      ...route('Offline'),
      handler: async (req) => {
        const r = req as unknown as Req;
        return ok(await svc.offline(r.params.id, actor(r), opts.now()));
      },
    });
  }
  instance.route({
    ...route('Bulk'),
    handler: async (req) => {
      const r = req as unknown as Req;
      return ok(await svc.bulk(r.body.ids, r.body.action, actor(r), opts.now()));
    },
  });
  return svc;
}
