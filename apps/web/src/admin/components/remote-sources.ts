import type { AdminNewsTag, DepartmentNode, Region } from '@medportal/contract';
import type { SelectedChannelChoice } from '@medportal/contract/admin-catalog';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { routes } from '@medportal/contract/routes';
import { consoleRequest } from '../providers/http';
import type { RemoteOption, RemoteSource } from './remote-select';

type Lang = 'zh' | 'en';

/** A row's name in the console's language, the Chinese one when it has no English. */
const named = (row: Record<string, unknown>, base: string, lang: Lang): string => {
  const zh = String(row[`${base}_zh`] ?? '');
  const en = row[`${base}_en`];
  return lang === 'en' && typeof en === 'string' && en !== '' ? en : zh;
};

const PICK_PAGE = 20;

/**
 * A catalog resource (`/v1/admin/<resource>`, decision record 0068) searched by its list's `q`,
 * its chosen rows read one by one (an edit form holds one or two).
 */
export function catalogSource(resource: string, nameField: string, lang: Lang): RemoteSource {
  const toOption = (row: Record<string, unknown>): RemoteOption => ({ value: Number(row.id), label: named(row, nameField, lang) });
  return {
    key: `${resource}:${lang}`,
    search: async (q) => {
      const page = await consoleRequest<{ items: Record<string, unknown>[] }>('GET', `/v1/admin/${resource}`, { query: { page_size: PICK_PAGE, ...(q ? { q } : {}) } });
      return page.items.map(toOption);
    },
    resolve: (ids) =>
      Promise.all(
        ids.map((id) =>
          consoleRequest<Record<string, unknown>>('GET', `/v1/admin/${resource}/${id}`).then(toOption, () => ({ value: id, label: `#${id}` })),
        ),
      ),
  };
}

/** Regions (the public list, a flat tree): "广东 · 广州" so that cities of the same name differ. */
export function regionSource(lang: Lang): RemoteSource {
  let all: Promise<RemoteOption[]> | null = null;
  const load = () =>
    (all ??= consoleRequest<{ items: Region[] }>('GET', routes.regionList.path).then(({ items }) => {
      const byId = new Map(items.map((r) => [r.id, r]));
      return items.map((r) => {
        const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
        return { value: r.id, label: parent ? `${parent.name} · ${r.name}` : r.name };
      });
    }));
  return {
    key: `regions:${lang}`,
    search: async (q) => {
      const options = await load();
      const needle = q.toLowerCase();
      return (needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options).slice(0, 50);
    },
    resolve: async (ids) => (await load()).filter((o) => ids.includes(o.value)),
  };
}

/** Departments (the profile's tree): "内科 · 心内科". */
export function departmentSource(lang: Lang): RemoteSource {
  let all: Promise<RemoteOption[]> | null = null;
  const load = () =>
    (all ??= consoleRequest<{ items: DepartmentNode[] }>('GET', routes.departmentTree.path).then(({ items }) => {
      const out: RemoteOption[] = [];
      const walk = (nodes: DepartmentNode[], parent: string | null) => {
        for (const n of nodes) {
          out.push({ value: n.id, label: parent ? `${parent} · ${n.title}` : n.title });
          walk(n.children, n.title);
        }
      };
      walk(items, null);
      return out;
    }));
  return {
    key: `departments:${lang}`,
    search: async (q) => (await load()).filter((o) => o.label.toLowerCase().includes(q.toLowerCase())).slice(0, 50),
    resolve: async (ids) => (await load()).filter((o) => ids.includes(o.value)),
  };
}

/** The journal channels (a handful). */
export function channelSource(lang: Lang): RemoteSource {
  const load = async () => {
    const { items } = await consoleRequest<{ items: SelectedChannelChoice[] }>('GET', adminPathOf('adminSelectedChannels'));
    return items.map((c) => ({ value: c.id, label: `${named(c, 'name', lang)} (${c.slug})` }));
  };
  return {
    key: `channels:${lang}`,
    search: async (q) => (await load()).filter((o) => o.label.toLowerCase().includes(q.toLowerCase())),
    resolve: async (ids) => (await load()).filter((o) => ids.includes(o.value)),
  };
}

/** News tags, searched and resolved by the console's tag route. */
export function newsTagSource(lang: Lang): RemoteSource {
  const toOption = (tag: AdminNewsTag): RemoteOption => ({ value: tag.id, label: named(tag, 'title', lang) });
  return {
    key: `news-tags:${lang}`,
    search: async (q) => (await consoleRequest<{ items: AdminNewsTag[] }>('GET', adminPathOf('adminNewsTags'), { query: q ? { q } : {} })).items.map(toOption),
    resolve: async (ids) => (await consoleRequest<{ items: AdminNewsTag[] }>('GET', adminPathOf('adminNewsTags'), { query: { ids: ids.join(',') } })).items.map(toOption),
  };
}
