// Summarises a V8 .cpuprofile (from `node --cpu-prof`, e.g. BENCH_CPU_PROF_DIR with bench:http)
// as three tables: the functions with the most self time, the most inclusive time (the function and
// everything it called), and self time by package or source area. Idle time is left out of the
// percentages, so they say where the busy time went.
//   npx tsx bench/summarize-cpu-profile.ts FILE.cpuprofile [--top 25] [--match src/server]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatTable } from './lib/ranking-metrics';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const TOP = Number(option('--top') ?? 25);
const MATCH = option('--match');
const file = args[0];
if (!file) {
  console.error('Usage: npx tsx bench/summarize-cpu-profile.ts FILE.cpuprofile [--top 25] [--match text-in-the-location]');
  process.exit(1);
}

const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const ROOT = process.cwd();
const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** Where a frame's code lives, short: node_modules/<package>, a path in this repository, or node:<module>. */
function areaOf(url: string): string {
  if (url === '') return '(native or V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node: (core)';
  const local = url.startsWith('file://') ? path.relative(ROOT, new URL(url).pathname) : url;
  return local.split('/').slice(0, 3).join('/');
}

// Line and column: code run through tsx is compiled onto few lines, so the column tells functions apart.
function locationOf(url: string, line: number, column: number): string {
  if (url === '') return '';
  const modules = /node_modules\/(.*)$/.exec(url);
  const short = modules ? modules[1]! : url.startsWith('file://') ? path.relative(ROOT, new URL(url).pathname) : url;
  return `${short}:${line + 1}:${column + 1}`;
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const keyOf = (node: ProfileNode) => {
  const name = node.callFrame.functionName || '(anonymous)';
  return SPECIAL.has(name) ? name : `${name} ${locationOf(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber)}`;
};

// A sample's duration is the gap to the next sample (the last one gets the mean gap).
const selfByNode = new Map<number, number>();
const meanGap = profile.timeDeltas.reduce((sum, gap) => sum + gap, 0) / Math.max(1, profile.timeDeltas.length);
profile.samples.forEach((id, index) => {
  const gap = profile.timeDeltas[index + 1] ?? meanGap;
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + Math.max(0, gap));
});

const selfByKey = new Map<string, number>();
const inclusiveByKey = new Map<string, number>();
const selfByArea = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, micros] of selfByNode) {
  const node = nodes.get(id)!;
  total += micros;
  const key = keyOf(node);
  if (key === '(idle)') {
    idle += micros;
    continue;
  }
  selfByKey.set(key, (selfByKey.get(key) ?? 0) + micros);
  const area = SPECIAL.has(key) ? key : areaOf(node.callFrame.url);
  selfByArea.set(area, (selfByArea.get(area) ?? 0) + micros);
  // Inclusive: once per distinct function on this sample's stack, so recursion is not counted twice.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const frameKey = keyOf(nodes.get(at)!);
    if (seen.has(frameKey) || frameKey === '(root)') continue;
    seen.add(frameKey);
    inclusiveByKey.set(frameKey, (inclusiveByKey.get(frameKey) ?? 0) + micros);
  }
}

const busy = total - idle;
const ms = (micros: number) => `${(micros / 1000).toFixed(0)} ms`;
const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)}%`;
const top = (entries: Map<string, number>, filter: (key: string) => boolean = () => true) =>
  [...entries]
    .filter(([key]) => filter(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([key, micros]) => [key, ms(micros), share(micros)]);
const matching = (key: string) => !MATCH || key.includes(MATCH);

console.log(`${path.basename(file)}: ${ms(total)} sampled, ${ms(idle)} idle, ${ms(busy)} busy (percentages are of busy time)\n`);
console.log(`## Self time, top ${TOP}${MATCH ? ` (matching "${MATCH}")` : ''}`);
console.log(formatTable(['function', 'self', 'share'], top(selfByKey, matching)));
console.log(`\n## Inclusive time (the function and what it called), top ${TOP}${MATCH ? ` (matching "${MATCH}")` : ''}`);
console.log(
  formatTable(
    ['function', 'inclusive', 'share'],
    top(inclusiveByKey, (key) => !SPECIAL.has(key) && matching(key)),
  ),
);
console.log('\n## Self time by package or source area');
console.log(formatTable(['area', 'self', 'share'], top(selfByArea)));
