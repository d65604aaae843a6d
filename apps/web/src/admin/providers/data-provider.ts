import type { BaseRecord, CrudFilter, CrudSort, DataProvider, MetaQuery, Pagination } from '@refinedev/core';
import { consoleRequest } from './http';

/**
 * refine's data provider for the console's API conventions (decision records 0062, 0063):
 * a resource `x` is `/v1/admin/x` (or `meta.apiPath`); lists take AdminListQuery (`page`,
 * `page_size`, `q`, `state`, `sort`, `order`) plus the list's own filters, and answer
 * `{ items, total }` in the envelope; a record is `.../:id`, an edit is a PUT carrying its
 * `updated_at`. Errors arrive as refine HttpErrors with the server's message (http.ts).
 */

type QueryValue = string | number | boolean | readonly (string | number)[];

/** The API path of a resource. */
export function resourcePath(resource: string, meta?: MetaQuery): string {
  const custom = meta?.apiPath;
  return typeof custom === 'string' ? custom : `/v1/admin/${resource}`;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A filter value as a query value: dates as ISO instants, arrays as repeated parameters. */
function queryValue(value: unknown): QueryValue | undefined {
  if (isBlank(value)) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null && 'toISOString' in value && typeof value.toISOString === 'function') return String(value.toISOString());
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? v : String(v)));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/**
 * The query string of a list: its page, the first sort and each filter under its own field name
 * (`q`, `state` and the list's filters: `status`, `user_id`, `action`, `from`...). A `between`
 * filter on `f` with `[a, b]` sends `f_from` and `f_to`.
 */
export function listQuery(pagination?: Pagination, sorters?: CrudSort[], filters?: CrudFilter[]): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (pagination?.mode !== 'off') {
    query.page = pagination?.currentPage ?? 1;
    query.page_size = pagination?.pageSize ?? 20;
  }
  const sort = sorters?.[0];
  if (sort) {
    query.sort = sort.field;
    query.order = sort.order;
  }
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    if (filter.operator === 'between' && Array.isArray(filter.value)) {
      const [from, to] = filter.value as unknown[];
      const a = queryValue(from);
      const b = queryValue(to);
      if (a !== undefined) query[`${filter.field}_from`] = a;
      if (b !== undefined) query[`${filter.field}_to`] = b;
      continue;
    }
    const value = queryValue(filter.value);
    if (value !== undefined) query[filter.field] = value;
  }
  return query;
}

interface ListData {
  items: BaseRecord[];
  total?: number;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => '/v1/admin',

  async getList({ resource, pagination, sorters, filters, meta }) {
    const data = await consoleRequest<ListData>('GET', resourcePath(resource, meta), { query: listQuery(pagination, sorters, filters) });
    // Lists without pages (`{ items }`) count what they hold.
    return { data: data.items as never[], total: data.total ?? data.items.length };
  },

  async getOne({ resource, id, meta }) {
    const data = await consoleRequest<BaseRecord>('GET', `${resourcePath(resource, meta)}/${encodeURIComponent(String(id))}`);
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const data = await consoleRequest<BaseRecord>('POST', resourcePath(resource, meta), { body: variables as Record<string, unknown> });
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const data = await consoleRequest<BaseRecord>('PUT', `${resourcePath(resource, meta)}/${encodeURIComponent(String(id))}`, {
      body: variables as Record<string, unknown>,
    });
    return { data: data as never };
  },

  async deleteOne({ resource, id, variables, meta }) {
    const data = await consoleRequest<BaseRecord>('DELETE', `${resourcePath(resource, meta)}/${encodeURIComponent(String(id))}`, {
      body: (variables ?? undefined) as Record<string, unknown> | undefined,
    });
    return { data: data as never };
  },

  async custom({ url, method, payload, query, filters, sorters, headers }) {
    const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const q = { ...listQuery({ mode: 'off' }, sorters, filters), ...(query as Record<string, QueryValue> | undefined) };
    const data = await consoleRequest<BaseRecord>(verb, url, {
      query: q,
      ...(verb === 'GET' ? {} : { body: (payload ?? {}) as Record<string, unknown> }),
      ...(headers ? { headers: headers as Record<string, string> } : {}),
    });
    return { data: data as never };
  },
};
