// Bytes per element (issue 26): what the shapes models build cost in the sandbox, in V8 and in
// QuickJS compiled to wasm. Run by `npm run bench` after its times, or alone:
//   node bench/memory.mjs [--n N] [--out FILE]      (needs build/, see scripts/bench.sh)
//
// Each shape is a `setup` (not counted) and a `build` that makes N elements and keeps them.
//   ours:    the built Worker in workerd; a run's `peakHeapBytes` (the allocator's count of the
//            sandbox's heap, the count the heap bound uses), setup+build minus setup alone. A peak
//            includes garbage not collected yet, so this errs against us.
//   V8:      a `node --expose-gc` child: heapUsed after gc(), after setup and after build.
//   QuickJS: quickjs-emscripten's runtime, `memory_used_size` after setup and after build
//            (its accounting leaves out Map records: that cell prints —).
// The wasm32 Worker is the platform measured: natively (64-bit) the sandbox's values are larger.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT, newInstance, startRuntime } from "../tests/integration/harness.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const N = Number(opt("--n", 100000));
const OUT = path.resolve(opt("--out", path.join(REPO_ROOT, "bench/results/memory-latest.json")));

export const SHAPES = [
  { name: "small object literals {i, s}", setup: "", build: "for (let i = 0; i < N; i++) keep.push({i, s: 'v' + i});" },
  { name: "numbers (doubles) in an array", setup: "", build: "for (let i = 0; i < N; i++) keep.push(i * 1.5);" },
  { name: "short strings in an array", setup: "", build: "for (let i = 0; i < N; i++) keep.push('item-' + i);" },
  { name: "Map entries (number → string)", setup: "", build: "const m = new Map(); for (let i = 0; i < N; i++) m.set(i, 'v' + i); keep.push(m);" },
  {
    name: "nested records from JSON.parse",
    setup: "const text = JSON.stringify(Array.from({length: N}, (_, i) => ({id: i, name: 'user' + i, tags: ['a', 'b'], meta: {score: i / 7, ok: i % 2 === 0}})));",
    build: "keep.push(JSON.parse(text));",
  },
];

function script(shape, withBuild) {
  return `const N = ${N}; const keep = []; ${shape.setup} ${withBuild ? shape.build : ""} return keep.length;`;
}

async function ours() {
  // A bound well above what is measured: the bytes, not the bound, are the question here.
  const rt = await startRuntime({ bindings: { CODEMODE_MAX_HEAP_MB: "1024" } });
  try {
    const instance = newInstance();
    const peak = async (code) => {
      const out = await rt.call(instance, "execute", code);
      if (out.status !== "completed") throw new Error(`${code.slice(0, 80)}: ${out.status} ${JSON.stringify(out.error)}`);
      return (await rt.call(instance, "execution", out.executionId)).peakHeapBytes;
    };
    // The first run on an object also fills what a thread computes once (the compiled prelude,
    // caches); its peak would raise the first shape's baseline and understate that shape.
    await peak("return 0;");
    const result = {};
    for (const shape of SHAPES) {
      const base = await peak(script(shape, false));
      const full = await peak(script(shape, true));
      result[shape.name] = (full - base) / N;
    }
    return result;
  } finally {
    await rt.dispose();
  }
}

function v8() {
  const child = `
    const SHAPES = ${JSON.stringify(SHAPES)}; const N = ${N}; const out = {};
    for (const shape of SHAPES) {
      globalThis.keep = [];
      const setup = new Function('N', 'keep', shape.setup + '; return () => { ' + shape.build + ' }');
      gc(); gc();
      const run = setup(N, globalThis.keep);
      gc(); gc(); const before = process.memoryUsage().heapUsed;
      run();
      gc(); gc(); const after = process.memoryUsage().heapUsed;
      out[shape.name] = (after - before) / N;
      globalThis.keep = null;
    }
    console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ["--expose-gc", "-e", child], { encoding: "utf8" }));
}

async function quickjs() {
  let getQuickJS;
  try {
    ({ getQuickJS } = await import("quickjs-emscripten"));
  } catch {
    return null;
  }
  const QuickJS = await getQuickJS();
  const out = {};
  for (const shape of SHAPES) {
    const runtime = QuickJS.newRuntime();
    const vm = runtime.newContext();
    const used = () => {
      const handle = runtime.computeMemoryUsage();
      const usage = vm.dump(handle);
      handle.dispose();
      return usage.memory_used_size;
    };
    const evaluate = (code) => {
      const result = vm.evalCode(code);
      if (result.error) {
        const error = vm.dump(result.error);
        result.error.dispose();
        throw new Error(`QuickJS: ${JSON.stringify(error)}`);
      }
      result.value.dispose();
    };
    evaluate(`var N = ${N}; var keep = []; ${shape.setup.replace(/^const /, "var ")}`);
    const before = used();
    evaluate(`(function () { ${shape.build} })()`);
    const bytes = (used() - before) / N;
    if (bytes >= 1) out[shape.name] = bytes;
    vm.dispose();
    runtime.dispose();
  }
  return out;
}

const measured = { n: N, ours: await ours(), v8: v8(), quickjs: await quickjs() };
const rows = SHAPES.map(({ name }) => {
  const o = measured.ours[name];
  const v = measured.v8[name];
  const q = measured.quickjs?.[name];
  return `| ${name} | ${o.toFixed(1)} | ${v.toFixed(1)} | ${q === undefined ? "—" : q.toFixed(1)} | ${(o / v).toFixed(2)} | ${q === undefined ? "—" : (o / q).toFixed(2)} |`;
});
console.log(`\nBytes per element, ${N.toLocaleString("en-US")} elements kept:\n`);
console.log("| shape | ours (Worker, wasm32) | V8 (Node) | QuickJS-wasm | ours/V8 | ours/QuickJS |");
console.log("|---|---|---|---|---|---|");
console.log(rows.join("\n"));
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(measured, null, 2) + "\n");
console.log(`\nwritten to ${path.relative(REPO_ROOT, OUT)}`);
