// Fails on an import cycle among our own modules. Run by `npm run lint`, in place of
// eslint-plugin-import's `import/no-cycle`, which found the same cycles at about 15 CPU-seconds per
// run (it parses every imported module a second time and walks the graph once per import); this
// parses each file once and finds every strongly connected component of the graph in one pass.
//
// Same graph as that rule had: the files of apps/*/src and packages/*/src and whatever they
// import by relative path (the workspace packages and npm dependencies are outside it). An edge is
// a static import or export-from, a side-effect import or a dynamic `import()`; an import of types
// only (`import type`, or every named binding marked `type`) is no edge, since it is gone at run
// time. Every run first checks itself on a planted cycle, so a broken checker cannot pass quietly.
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

/** Relative module specifiers this file depends on at run time, with their line numbers. */
function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (node, spec) => {
    if (spec.startsWith('.')) found.push({ spec, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
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
      if (!typeOnly) add(node, node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) add(node, node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The import graph reachable from the roots: file → [{ to, line }]. */
function graphOf(files) {
  const graph = new Map();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop();
    if (graph.has(file)) continue;
    const edges = [];
    if (/\.(tsx?|mjs|js)$/.test(file)) {
      for (const { spec, line } of runtimeImports(file)) {
        const to = resolveRelative(file, spec);
        if (to === null || to === file) continue;
        edges.push({ to, line });
        if (!graph.has(to)) queue.push(to);
      }
    }
    graph.set(file, edges);
  }
  return graph;
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

function check(base) {
  const graph = graphOf(roots(base));
  const found = cycles(graph);
  const lines = found.map((component) => {
    const path = exampleCycle(graph, component)
      .map((p) => (p.line ? `${relative(base, p.file)}:${p.line}` : relative(base, p.file)))
      .join(' → ');
    return `import cycle among ${component.length} files: ${path}`;
  });
  return { files: graph.size, lines };
}

/** A planted cycle (through a re-export and a dynamic import) is found; a type-only way back is not one. */
function selfTest() {
  const base = mkdtempSync(join(tmpdir(), 'check-cycles-'));
  try {
    const src = join(base, 'apps', 'x', 'src');
    const write = (name, text) => writeFileSync(join(src, name), text);
    mkdirSync(join(src, 'lib'), { recursive: true });
    write('a.ts', "import { b } from './lib/b.ts';\nexport const a = b;\n");
    write('lib/b.ts', "export { c as b } from './index';\n");
    write('lib/index.ts', "export const c = 1;\nexport const later = () => import('../a');\n");
    write('t1.ts', "import type { T2 } from './t2';\nexport type T1 = T2;\nexport const t1 = 1;\n");
    write('t2.ts', "import { t1 } from './t1';\nimport { type T1 } from './t1';\nexport type T2 = T1;\nexport const t2 = t1;\n");
    const { lines } = check(base);
    if (lines.length !== 1 || !lines[0].includes('among 3 files')) {
      console.error(`check-cycles: the self-test's planted cycle was not found as expected:\n${lines.join('\n') || '(no cycle found)'}`);
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
if (process.argv.includes('--verbose')) console.log(`check-cycles: no import cycle among ${files} files`);
