#!/usr/bin/env node
// Prints import cycles among the project's own files and exits 1 when there is one (decision 173).
//   node scripts/cycles.mjs [--runtime] [--static] [dir ...]      (default dirs: server contract web bench scripts)
// Reads static `import ... from`, `export ... from` and side-effect imports with a regular expression;
// `import type` counts too (a type cycle is still a tangle of two modules) unless --runtime is given.
// A dynamic `import('./x')` counts too unless --static is given: a lazy part that imports a type back from
// the module that loads it is a cycle ESLint's import-x/no-cycle misses, as it skips type imports (issue 53).
// `scripts/cycles.test.ts` runs it in the unit tests.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const runtimeOnly = args.includes('--runtime');
const withDynamic = !args.includes('--static');
const dirs = args.filter((a) => !a.startsWith('--'));
const roots = (dirs.length ? dirs : ['server', 'contract', 'web', 'bench', 'scripts']).map((d) =>
  path.resolve(root, d),
);
const aliases = { '@/': path.join(root, 'web/'), '@contract/': path.join(root, 'contract/') };
const rel = (f) => path.relative(root, f);
const exts = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

// Tests and their fixtures import the app they test (fixture -> test/helpers -> app -> modules): only
// the shipped code is checked.
const isTestSupport = (f) =>
  /\.d\.ts$|\.(test|spec)\.tsx?$|[.-]fixtures\.tsx?$|test-kit\.ts$/.test(f) ||
  rel(f).startsWith('server/test/');

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (exts.includes(path.extname(name)) && !isTestSupport(full)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else {
    const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
    if (!alias) return null;
    base = aliases[alias] + spec.slice(alias.length);
  }
  const stripped = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...exts.map((e) => stripped + e),
    ...exts.map((e) => path.join(base, 'index' + e)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const dynamicRe = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const importRe = /^\s*(import|export)\s+(type\s+)?([^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;

function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const found = new Set();
  for (const m of text.matchAll(importRe)) {
    const [, kind, typeKw, clause = '', spec] = m;
    if (kind === 'export' && !clause) continue; // `export const x = '...'` is not an import
    if (runtimeOnly && typeKw) continue;
    if (runtimeOnly && /^\s*\{[^}]*\}\s*from\s*$/.test(clause)) {
      const names = clause
        .replace(/from\s*$/, '')
        .replace(/[{}]/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (names.length && names.every((n) => n.startsWith('type '))) continue;
    }
    const target = resolve(file, spec);
    if (target) found.add(target);
  }
  if (withDynamic)
    for (const m of text.matchAll(dynamicRe)) {
      const target = resolve(file, m[1]);
      if (target) found.add(target);
    }
  return [...found];
}

const files = roots.flatMap((r) => walk(r, []));
const fileGraph = new Map(files.map((f) => [f, importsOf(f)]));

// Server modules (and web features) are units too: analysis -> videos -> analysis is a cycle even when
// no single file closes it. Files outside those folders stay their own nodes.
const unitOf = (f) => {
  const m = rel(f).match(/^(server\/modules|web\/features)\/([^/]+)\//);
  return m ? path.join(root, m[1], m[2]) + '/' : f;
};
function unitGraph() {
  const g = new Map();
  for (const [f, targets] of fileGraph) {
    const u = unitOf(f);
    if (!g.has(u)) g.set(u, []);
    for (const t of targets) if (unitOf(t) !== u && !g.get(u).includes(unitOf(t))) g.get(u).push(unitOf(t));
  }
  return g;
}

// Tarjan's strongly connected components; every component with more than one node holds a cycle.
function findComponents(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const components = [];
  function strongConnect(v) {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!info.has(w)) {
        strongConnect(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(comp);
    }
  }
  for (const f of graph.keys()) if (!info.has(f)) strongConnect(f);
  return components;
}

// One shortest cycle through the component's first file, to show where to cut.
function shortestCycle(graph, comp) {
  const members = new Set(comp);
  const start = comp.slice().sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const cycle = [start];
        for (let x = v; x !== start; x = prev.get(x)) cycle.splice(1, 0, x);
        return [...cycle, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return comp;
}

let found = 0;
for (const [label, graph] of [
  ['files', fileGraph],
  ['modules', unitGraph()],
]) {
  for (const comp of findComponents(graph)) {
    if (label === 'modules' && !comp.some((u) => u.endsWith('/'))) continue; // already shown as files
    found++;
    console.log(`Cycle among ${comp.length} ${label}:`);
    console.log('  ' + shortestCycle(graph, comp).map(rel).join('\n    -> '));
    if (comp.length > 2) console.log('  all of them: ' + comp.map(rel).sort().join(', '));
  }
}
if (!found) {
  console.log(
    `No import cycles among ${files.length} files or their modules${runtimeOnly ? ' (runtime imports)' : ''}.`,
  );
  process.exit(0);
}
console.log(`\n${found} import cycle group(s) found.`);
process.exit(1);
