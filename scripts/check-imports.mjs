// Checks the imports among our own modules. Run by `npm run lint`.
//
// 1. Import zones (decision 0021): which layer may import which. The zones below were ESLint's
//    `import/no-restricted-paths` options; they live here since Oxlint runs every other lint
//    rule and has no such rule (decision 0038). Type-only imports count too: a boundary is about
//    what a file knows.
// 2. Import cycles, in place of eslint-plugin-import's `import/no-cycle`, which found the same
//    cycles at about 15 CPU-seconds per run (it parses every imported module a second time and
//    walks the graph once per import); this parses each file once and finds every strongly
//    connected component of the graph in one pass. An import of types only (`import type`, or
//    every named binding marked `type`) is no edge here, since it is gone at run time.
//
// The graph: the files of apps/*/src and packages/*/src and whatever they import by relative path
// (the workspace packages and npm dependencies are outside it). An edge is a static import or
// export-from, a side-effect import or a dynamic `import()`. Every run first checks itself on a
// planted cycle and planted zone crossings, so a broken checker cannot pass quietly.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.json'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.test-dist']);

function sourceFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sourceFiles(join(dir, entry.name), out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** The roots: apps/<app>/src and packages/<pkg>/src. */
function roots(base) {
  return ['apps', 'packages'].flatMap((group) => {
    const dir = join(base, group);
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => sourceFiles(join(dir, d.name, 'src')));
  });
}

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** A relative specifier to a file, as the node resolver with our extensions finds it; else null. */
function resolveRelative(from, specifier) {
  const target = resolve(dirname(from), specifier);
  if (isFile(target)) return target;
  for (const ext of EXTENSIONS) if (isFile(target + ext)) return target + ext;
  for (const ext of EXTENSIONS) if (isFile(join(target, `index${ext}`))) return join(target, `index${ext}`);
  return null;
}

/** Relative module specifiers this file imports, with their line numbers and whether only types. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (node, spec, typeOnly) => {
    if (spec.startsWith('.')) found.push({ spec, typeOnly, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier.text, typeOnly);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier.text, typeOnly);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The import graph reachable from the roots: file → [{ to, line, typeOnly }]. */
function graphOf(files) {
  const graph = new Map();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (graph.has(file)) continue;
    const edges = [];
    if (/\.(tsx?|mjs|js)$/.test(file)) {
      for (const { spec, line, typeOnly } of importsOf(file)) {
        const to = resolveRelative(file, spec);
        if (to === null || to === file) continue;
        edges.push({ to, line, typeOnly });
        if (!graph.has(to)) queue.push(to);
      }
    }
    graph.set(file, edges);
  }
  return graph;
}

/** The same graph without type-only edges: what is imported at run time. */
function runtimeGraph(graph) {
  return new Map([...graph].map(([file, edges]) => [file, edges.filter((e) => !e.typeOnly)]));
}

/** Strongly connected components with more than one file (Tarjan, iterative). */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work = [{ v: start, i: 0 }];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.v) ?? [];
      if (frame.i < edges.length) {
        const w = edges[frame.i++].to;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.v, Math.min(low.get(frame.v), idx.get(w)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent), low.get(frame.v)));
      }
      if (low.get(frame.v) === idx.get(frame.v)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.v);
        if (component.length > 1) out.push(component);
      }
    }
  }
  return out;
}

/** One concrete cycle through the component's first file (breadth-first, shortest). */
function exampleCycle(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const { to, line } of graph.get(v) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [{ file: v, line }];
        for (let p = prev.get(v); p; p = prev.get(p.file)) path.unshift(p);
        return [...path, { file: start }];
      }
      if (!prev.has(to)) {
        prev.set(to, { file: v, line });
        queue.push(to);
      }
    }
  }
  return [{ file: start }];
}

/** Subdirectory names of `dir` (none when it does not exist). */
function dirs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/** Names of the files and directories in `dir` (none when it does not exist). */
function entries(dir) {
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * The zones under `base`: files under `target` must not import files under `from`, except those
 * under `except` (relative to each `from`). Paths are relative to `base`.
 */
function zonesOf(base) {
  const WEB = 'apps/web/src';
  const SERVER = 'apps/server/src';
  // Web: `app/` composes features, a feature imports another feature only through its public
  // entry (`features/<f>/index.ts`, decision 0072), and `shared/` and `config/` import no feature
  // (bulletproof-react's unidirectional layout).
  const features = dirs(join(base, WEB, 'features'));
  const webZones = [
    ...features.map((feature) => ({
      target: [`${WEB}/features/${feature}`],
      from: [`${WEB}/features`],
      except: [`./${feature}`, ...features.filter((f) => f !== feature).flatMap((f) => [`./${f}/index.ts`, `./${f}/index.tsx`])],
      message: 'A feature imports another feature only through its public entry, features/<feature>/index.ts (or move the shared piece to shared/).',
    })),
    { target: [`${WEB}/features`], from: [`${WEB}/app`], message: 'Features never import app/: app/ composes them.' },
    { target: [`${WEB}/shared`, `${WEB}/config`], from: [`${WEB}/features`, `${WEB}/app`], message: 'shared/ and config/ sit below features and app/.' },
    // The operator console is a build of its own (decision 0063): public code never imports it,
    // or the console would ride in the public pages' JavaScript.
    {
      target: entries(join(base, WEB)).filter((name) => name !== 'admin').map((name) => `${WEB}/${name}`),
      from: [`${WEB}/admin`],
      message: 'Public code never imports the console (src/admin): it would add to the public pages\' JavaScript.',
    },
  ];
  // Server layers, bottom up: lib and db → plugins (cross-cutting, domain-free) → modules →
  // app.ts. A module imports another module only through its public entry, `modules/<m>/index.ts`;
  // `modules/shared` (presenters, column lists and queries several modules use) is open to all.
  const modules = dirs(join(base, SERVER, 'modules')).filter((m) => m !== 'shared');
  const serverZones = [
    { target: [`${SERVER}/plugins`], from: [`${SERVER}/modules`], message: 'Plugins never import modules: app.ts wires a module into a plugin.' },
    { target: [`${SERVER}/lib`, `${SERVER}/db`], from: [`${SERVER}/modules`, `${SERVER}/plugins`], message: 'lib/ and db/ sit below plugins and modules.' },
    { target: [`${SERVER}/modules/shared`], from: [`${SERVER}/modules`], except: ['./shared'], message: 'modules/shared sits below the modules.' },
    {
      target: [`${SERVER}/modules`],
      from: [`${SERVER}/app.ts`, `${SERVER}/server.ts`, `${SERVER}/serve.ts`, `${SERVER}/startup.ts`, `${SERVER}/seed`, `${SERVER}/seed-cli.ts`],
      message: 'Modules never import the app, the server or the seed.',
    },
    ...modules.map((module) => ({
      target: [...modules.filter((m) => m !== module), 'shared'].map((m) => `${SERVER}/modules/${m}`),
      from: [`${SERVER}/modules/${module}`],
      except: ['./index.ts'],
      message: `Import modules/${module} through its public entry, modules/${module}/index.ts.`,
    })),
  ];
  return [...webZones, ...serverZones];
}

/** `path` is `dir` or inside it. */
const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);

/** Every import that crosses a zone, type-only imports included. */
function zoneCrossings(graph, base) {
  const zones = zonesOf(base).map((z) => ({
    target: z.target.map((t) => join(base, t)),
    from: z.from.map((f) => join(base, f)),
    except: z.from.flatMap((f) => (z.except ?? []).map((e) => resolve(base, f, e))),
    message: z.message,
  }));
  const out = [];
  for (const [file, edges] of graph) {
    const applying = zones.filter((z) => z.target.some((t) => within(file, t)));
    if (applying.length === 0) continue;
    for (const { to, line } of edges) {
      for (const z of applying) {
        if (z.from.some((f) => within(to, f)) && !z.except.some((e) => within(to, e))) {
          out.push(`${relative(base, file)}:${line} imports ${relative(base, to)}: ${z.message}`);
        }
      }
    }
  }
  return out;
}

function check(base) {
  const graph = graphOf(roots(base));
  const runtime = runtimeGraph(graph);
  const lines = cycles(runtime).map((component) => {
    const path = exampleCycle(runtime, component)
      .map((p) => (p.line ? `${relative(base, p.file)}:${p.line}` : relative(base, p.file)))
      .join(' → ');
    return `import cycle among ${component.length} files: ${path}`;
  });
  return { files: graph.size, lines: [...zoneCrossings(graph, base), ...lines] };
}

/**
 * Planted problems are found, and only those: a cycle through a re-export and a dynamic import (a
 * type-only way back is none); a feature importing another feature's file by type only (its
 * public entry is allowed); a module
 * importing another module's file past its entry. Allowed imports stay quiet.
 */
function selfTest() {
  const base = mkdtempSync(join(tmpdir(), 'check-imports-'));
  try {
    const write = (name, text) => {
      mkdirSync(dirname(join(base, name)), { recursive: true });
      writeFileSync(join(base, name), text);
    };
    write('apps/x/src/a.ts', "import { b } from './lib/b.ts';\nexport const a = b;\n");
    write('apps/x/src/lib/b.ts', "export { c as b } from './index';\n");
    write('apps/x/src/lib/index.ts', "export const c = 1;\nexport const later = () => import('../a');\n");
    write('apps/x/src/t1.ts', "import type { T2 } from './t2';\nexport type T1 = T2;\nexport const t1 = 1;\n");
    write('apps/x/src/t2.ts', "import { t1 } from './t1';\nimport { type T1 } from './t1';\nexport type T2 = T1;\nexport const t2 = t1;\n");
    write('apps/web/src/features/one/view.tsx', "import type { Two } from '../two/model';\nimport { own } from './own';\nexport type One = Two;\nexport const v = own;\n");
    write('apps/web/src/features/one/own.ts', 'export const own = 1;\n');
    write('apps/web/src/features/two/model.ts', 'export type Two = number;\n');
    write('apps/web/src/features/two/index.ts', "export type { Two } from './model';\n");
    write('apps/web/src/features/one/entry.ts', "import type { Two } from '../two';\nexport type Entry = Two;\n");
    write('apps/web/src/app/router.tsx', "import { v } from '../features/one/view';\nexport const r = v;\n");
    write('apps/web/src/main.tsx', "import { console } from './admin/console';\nexport const m = console;\n");
    write('apps/web/src/admin/console.ts', "import { own } from '../features/one/own';\nexport const console = own;\n");
    write('apps/server/src/modules/m/index.ts', "export { n } from '../n/index.ts';\nexport { deep } from '../n/repo.ts';\n");
    write('apps/server/src/modules/n/index.ts', 'export const n = 1;\n');
    write('apps/server/src/modules/n/repo.ts', 'export const deep = 1;\n');
    const { lines } = check(base);
    const expected = [
      'among 3 files',
      'features/one/view.tsx:1 imports apps/web/src/features/two/model.ts',
      'modules/m/index.ts:2 imports apps/server/src/modules/n/repo.ts',
      'web/src/main.tsx:1 imports apps/web/src/admin/console.ts',
    ];
    if (lines.length !== expected.length || !expected.every((e) => lines.some((l) => l.includes(e)))) {
      console.error(`check-imports: the self-test found other problems than the planted ones:\n${lines.join('\n') || '(none found)'}`);
      process.exit(1);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

selfTest();

const { files, lines } = check(ROOT);
if (lines.length > 0) {
  console.error(lines.join('\n'));
  process.exit(1);
}
if (process.argv.includes('--verbose')) console.log(`check-imports: no zone crossed and no import cycle among ${files} files`);
