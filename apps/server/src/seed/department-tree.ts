import { count, eq, isNull, and, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { departments } from '../db/schema/index.ts';
import { DEPARTMENT_TREE } from './data/department-tree.ts';

/**
 * Brings a database seeded before departments had parents up to the two-level tree: adds the
 * missing groups and leaves and sets parent_id on existing leaves (by slug). A database without
 * any department is left alone (seeding it later must not collide with explicit ids).
 */
export async function ensureDepartmentTree(db: Db): Promise<void> {
  const [total] = await db.select({ n: count() }).from(departments);
  if (!total || total.n === 0) return;
  const [grouped] = await db.select({ n: count() }).from(departments).where(eq(departments.slug, 'internal-medicine'));
  const [orphans] = await db
    .select({ n: count() })
    .from(departments)
    .where(and(isNull(departments.parentId), sql`${departments.slug} in (${sql.join(DEPARTMENT_TREE.flatMap((g) => g.children.map((c) => sql`${c.slug}`)), sql`, `)})`));
  if ((grouped?.n ?? 0) > 0 && (orphans?.n ?? 0) === 0) return;
  await db.transaction(async (tx) => {
    for (const [gi, g] of DEPARTMENT_TREE.entries()) {
      await tx.insert(departments).values({ slug: g.slug, nameZh: g.zh, nameEn: g.en, sort: gi }).onConflictDoNothing({ target: departments.slug });
      const [group] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.slug, g.slug));
      if (!group) continue;
      await tx
        .insert(departments)
        .values(g.children.map((c, ci) => ({ slug: c.slug, nameZh: c.zh, nameEn: c.en, sort: ci, parentId: group.id })))
        .onConflictDoUpdate({ target: departments.slug, set: { parentId: group.id } });
    }
  });
}
