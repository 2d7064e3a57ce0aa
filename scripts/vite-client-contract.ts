/**
 * The contract as the web's build takes it (decision 231). The web calls an endpoint by its method and path
 * only (`web/lib/api-client.ts`); its input and answer schemas serve the server, the OpenAPI document and
 * the tests. Built as written, every screen's first code constructed the zod schemas of every endpoint its
 * features call (a third of the entry's evaluation on the player card). In the build:
 * - each `defineEndpoint({...})` keeps `method` and `path` and drops the rest;
 * - every call in a top-level declaration of a contract module is marked pure, so a schema no kept code
 *   uses is left out of the bundle instead of being constructed on load (the contract's top-level
 *   declarations are schemas, tables and constants; none is declared for a side effect).
 * - an import the module no longer refers to once those schemas are gone is dropped, so the module graph
 *   the chunks are grouped by (`vite.config.ts`) has no edge from an endpoint to the schemas it no longer
 *   names: a screen that calls an endpoint does not reach the module declaring its form's schema, nor zod
 *   (decision 234).
 * The web's tests and the server read the contract as written.
 */

/** The part of a Rolldown plugin context this uses: its parser (ESTree, UTF-16 offsets). */
interface ParseContext {
  parse(code: string, options?: { lang?: 'js' | 'ts' }): unknown;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** A contract module, not a test of one. */
const CONTRACT = /[\\/]contract[\\/][^?]*\.ts$/;
const KEPT = new Set(['method', 'path']);

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) out.push(...value.filter(isNode));
    else if (isNode(value)) out.push(value);
  }
  return out;
}

/** The edits (offset range and the text put there) that make one contract module the client's. */
function edits(program: Node, id: string): [number, number, string][] {
  const out: [number, number, string][] = [];
  const visit = (node: Node, inFunction: boolean) => {
    if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') inFunction = true;
    const callee = node.callee as Node | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineEndpoint') {
      if (!inFunction) out.push([node.start, node.start, '/* @__PURE__ */ ']);
      const [spec] = node.arguments as Node[];
      if (spec?.type !== 'ObjectExpression') throw new Error(`${id}: defineEndpoint takes an object literal`);
      const props = spec.properties as Node[];
      const names = props.map((p) => {
        const key = p.key as Node | undefined;
        if (p.type !== 'Property' || p.computed || key?.type !== 'Identifier')
          throw new Error(
            `${id}: an endpoint's properties are named one by one (no spread, no computed key)`,
          );
        return key.name as string;
      });
      for (const name of KEPT)
        if (!names.includes(name)) throw new Error(`${id}: an endpoint without its ${name}`);
      props.forEach((p, i) => {
        if (!KEPT.has(names[i])) out.push([p.start, p.end, `${names[i]}: undefined`]);
      });
      return;
    }
    if ((node.type === 'CallExpression' || node.type === 'NewExpression') && !inFunction)
      out.push([node.start, node.start, '/* @__PURE__ */ ']);
    for (const child of children(node)) visit(child, inFunction);
  };
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[])
      if (isNode(declarator.init)) visit(declarator.init, false);
  }
  return out;
}

/** The name an import specifier binds, as the module refers to it. */
const localName = (specifier: Node) => (specifier.local as Node).name as string;

/** How an import specifier is written back (default, namespace or named). */
function specifierText(code: string, specifier: Node): string {
  if (specifier.type === 'ImportDefaultSpecifier') return localName(specifier);
  if (specifier.type === 'ImportNamespaceSpecifier') return `* as ${localName(specifier)}`;
  return code.slice(specifier.start, specifier.end);
}

/**
 * The edits that drop each import no code of the module refers to once `removed` (offset ranges) is gone: a
 * declaration none of whose bindings is used goes whole, one with some used is written again with those. An
 * import without bindings (for its effects) stays.
 */
function unusedImports(code: string, program: Node, removed: [number, number][]): [number, number, string][] {
  const used = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'ImportDeclaration') return;
    if (removed.some(([start, end]) => node.start >= start && node.end <= end)) return;
    if (node.type === 'Identifier') used.add(node.name as string);
    for (const child of children(node)) walk(child);
  };
  walk(program);
  const out: [number, number, string][] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifiers = statement.specifiers as Node[];
    const kept = specifiers.filter((s) => used.has(localName(s)));
    if (!specifiers.length || kept.length === specifiers.length) continue;
    const source = code.slice((statement.source as Node).start, (statement.source as Node).end);
    const named = kept.filter((s) => s.type === 'ImportSpecifier').map((s) => specifierText(code, s));
    const parts = [
      ...kept.filter((s) => s.type !== 'ImportSpecifier').map((s) => specifierText(code, s)),
      ...(named.length ? [`{ ${named.join(', ')} }`] : []),
    ];
    out.push([
      statement.start,
      statement.end,
      kept.length ? `import ${parts.join(', ')} from ${source};` : '',
    ]);
  }
  return out;
}

/** Applies the edits, last first, so each offset still points where the parser saw it. */
function apply(code: string, list: [number, number, string][]): string {
  let out = code;
  for (const [start, end, text] of [...list].sort((a, b) => b[0] - a[0] || b[1] - a[1]))
    out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** The Vite plugin (build only: `vite dev` and the tests read the contract as written). */
export function clientContract() {
  return {
    name: 'client-contract',
    apply: 'build' as const,
    transform(this: ParseContext, code: string, id: string) {
      if (!CONTRACT.test(id) || /\.test\.ts$/.test(id)) return null;
      const program = this.parse(code, { lang: 'ts' }) as Node;
      const list = edits(program, id);
      const removed = list
        .filter(([start, end]) => end > start)
        .map(([start, end]): [number, number] => [start, end]);
      if (removed.length) list.push(...unusedImports(code, program, removed));
      return list.length ? { code: apply(code, list), map: null } : null;
    },
  };
}
