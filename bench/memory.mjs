// Bytes per element (issue 26): what the shapes models build cost in the sandbox, in V8 and in
// QuickJS compiled to wasm. Run by `npm run bench` after its times, or alone:
//   node bench/memory.mjs [--n N] [--out FILE]      (needs build/, see scripts/bench.sh)
//
// Each shape is a `setup` (not counted) and a `build` that makes N elements and keeps them.
//   ours:    the built Worker in workerd. "held": 7/8 of the smallest heap bound (whole MiB) the
//            run completes under (over its bound a run collects and fails only if it still holds
//            more than 7/8 of it), two builds (2N elements) less none; a shape with a setup is
//            measured as its third and fourth builds (the setup's garbage then hides nothing).
//            "peak": the run's `peakHeapBytes` (the allocator's count, garbage included) the same
//            way; it errs against us.
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
    // The text is made in chunks, so that what making it holds stays below what parsing holds.
    setup:
      "const parts = []; for (let c = 0; c < N; c += 1000) parts.push(JSON.stringify(Array.from({length: Math.min(1000, N - c)}, (_, j) => { const i = c + j; return {id: i, name: 'user' + i, tags: ['a', 'b'], meta: {score: i / 7, ok: i % 2 === 0}}; })).slice(1, -1)); const text = '[' + parts.join(',') + ']'; parts.length = 0;",
    build: "keep.push(JSON.parse(text));",
  },
];

function script(shape, builds) {
  return `const N = ${N}; const keep = []; ${shape.setup} ${shape.build.repeat(builds)} return keep.length;`;
}

async function ours() {
  // A bound well above what is measured: the bytes, not the bound, are the question here.
  const rt = await startRuntime({ bindings: { CODEMODE_MAX_HEAP_MB: "1024", CODEMODE_ISOLATE_HEAP_MB: "2048" } });
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
    // The smallest bound (whole MiB, `max_heap_mb`) the run completes under. Over its bound a
    // run collects its garbage and fails only if it still holds more than 7/8 of it, so 7/8 of
    // that bound is what the run held at its fullest, garbage aside: V8's measure, taken where
    // the bound takes it.
    const smallestBound = async (code) => {
      let [fails, passes] = [0, 64];
      while (!(await completes(code, passes))) [fails, passes] = [passes, passes * 2];
      while (passes - fails > 1) {
        const mid = (fails + passes) >> 1;
        if (await completes(code, mid)) passes = mid;
        else fails = mid;
      }
      return passes;
    };
    const completes = async (code, mb) => {
      const out = await rt.call(instance, "execute", `// @options: {"max_heap_mb": ${mb}}\n${code}`);
      if (out.status === "completed") return true;
      if (out.error?.code === "MEMORY_EXCEEDED") return false;
      throw new Error(`${code.slice(0, 80)}: ${out.status} ${JSON.stringify(out.error)}`);
    };
    const peakBytes = {};
    const heldBytes = {};
    for (const shape of SHAPES) {
      // Two builds' worth (a bound is whole MiB: 2N elements make its step ~4.6 bytes each);
      // with a setup, the third and fourth builds: by then the run holds far more than the
      // setup's garbage and transients, which would otherwise hide part of the build.
      const builds = shape.setup ? 2 : 0;
      const [base, full] = [script(shape, builds), script(shape, builds + 2)];
      peakBytes[shape.name] = ((await peak(full)) - (await peak(base))) / (2 * N);
      const mib = (await smallestBound(full)) - (await smallestBound(base));
      heldBytes[shape.name] = (mib * 2 ** 20 * 7) / 8 / (2 * N);
    }
    return { held: heldBytes, peak: peakBytes };
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

const { held, peak } = await ours();
const measured = { n: N, ours: held, oursPeak: peak, v8: v8(), quickjs: await quickjs() };
const rows = SHAPES.map(({ name }) => {
  const o = measured.ours[name];
  const p = measured.oursPeak[name];
  const v = measured.v8[name];
  const q = measured.quickjs?.[name];
  return `| ${name} | ${o.toFixed(1)} | ${p.toFixed(1)} | ${v.toFixed(1)} | ${q === undefined ? "—" : q.toFixed(1)} | ${(o / v).toFixed(2)} | ${q === undefined ? "—" : (o / q).toFixed(2)} |`;
});
console.log(`\nBytes per element, ${N.toLocaleString("en-US")} elements kept:\n`);
console.log("| shape | ours (Worker, wasm32), held | ours, peak | V8 (Node) | QuickJS-wasm | ours/V8 | ours/QuickJS |");
console.log("|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(measured, null, 2) + "\n");
console.log(`\nwritten to ${path.relative(REPO_ROOT, OUT)}`);
