// The engine side shared by the differential harnesses (difftest/run.mjs over built-in families,
// difftest/programs/run.mjs over generated programs): the UTC/en-US environment, the protocol of
// the sandbox runner (examples/difftest_runner.rs: JSON lines in, one JSON line out per case),
// crash bisection, and the readable form of encoded values.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Node must run in en-US and UTC, as the sandbox does: re-runs the script `scriptUrl` (its
 * `import.meta.url`) in a child process with that environment when it is not, and exits with the
 * child's status. */
export function ensureUtcEnglish(scriptUrl) {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  if ((locale !== "en-US" || timeZone !== "UTC") && !process.env.DIFFTEST_CHILD) {
    const env = { ...process.env, TZ: "UTC", LC_ALL: "en_US.UTF-8", LANG: "en_US.UTF-8", LANGUAGE: "en_US", DIFFTEST_CHILD: "1" };
    const out = spawnSync(process.execPath, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { env, stdio: "inherit" });
    process.exit(out.status ?? 1);
  }
  if (locale !== "en-US" || timeZone !== "UTC") throw new Error(`Node runs in ${locale} ${timeZone}; the harness needs en-US, UTC`);
}

/** Runs `codes` (whole scripts) in one runner process; resolves with the lines it wrote, its exit
 * code and signal, and the end of its stderr. The process is killed after `timeoutMs` in all, or
 * (when `idleMs` is set) after `idleMs` without a line: one case that hangs. `idle` tells the
 * second. Rejects when the runner cannot be started. */
export function runnerProcess(runner, codes, timeoutMs, idleMs = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(runner, [], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, RUST_BACKTRACE: "0" } });
    let stdout = "", stderr = "", idle = false, idleTimer = null;
    const arm = () => {
      if (!idleMs) return;
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => { idle = true; child.kill("SIGKILL"); }, idleMs);
    };
    arm();
    child.stdout.on("data", (d) => {
      const s = d.toString();
      stdout += s;
      if (s.includes("\n")) arm();
    });
    child.stderr.on("data", (d) => (stderr += d.toString().slice(0, 4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => { clearTimeout(timer); clearTimeout(idleTimer); reject(e); });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(idleTimer);
      const lines = stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
      resolve({ lines, code, signal, stderr, idle });
    });
    child.stdin.on("error", () => {});
    child.stdin.end(codes.map((code, id) => JSON.stringify({ id, code })).join("\n") + "\n");
  });
}

/** The runner's line as the string the comparison uses: the encoded value, `E:<code>:<message>`
 * for an error the engine reported, `CRASH:<message>` for a panic. */
export function sandboxValue(line) {
  if (line.crash !== undefined) return `CRASH:${line.crash}`;
  if (line.value !== undefined) return typeof line.value === "string" ? line.value : `E:NOT_A_STRING:${JSON.stringify(line.value)}`;
  return `E:${line.error.code}:${line.error.message}`;
}

/** Runs `codes` in the sandbox, restarting the runner after a crash; a case that ends the process
 * is found as the first one without a line, and checked again alone (bisecting what is left).
 *
 * Options (the defaults are difftest/run.mjs's behaviour):
 * - `batchTimeout(n)`: ms allowed for a process given n cases; `aloneTimeout`: for one case alone;
 * - `idleMs`: kill a process after this long without a line (a hanging case); `confirmIdle`:
 *   false marks such a case `CRASH:timeout/hang` at once, without running it again alone;
 * - `stopAt(value, index)`: stop after the process in which a result satisfies it (the results
 *   after that process stay undefined); used by the shrinkers, which need only one hit;
 * - `log`: where notes go. */
export async function runSandbox(runner, codes, o = {}) {
  const { batchTimeout = (n) => 30000 + 400 * n, aloneTimeout = 60000, idleMs = 0, confirmIdle = true, stopAt = null, log = console.log } = o;
  const results = new Array(codes.length);
  const times = new Array(codes.length).fill(0);
  const hit = (from, to) => stopAt && results.slice(from, to).some((v, k) => v !== undefined && stopAt(v, from + k));
  let start = 0;
  while (start < codes.length) {
    const slice = codes.slice(start);
    const { lines, code, signal, stderr, idle } = await runnerProcess(runner, slice, batchTimeout(slice.length), idleMs);
    for (const l of lines) { results[start + l.id] = sandboxValue(l); times[start + l.id] = l.ms; }
    if (lines.length === slice.length) break;
    const last = lines[lines.length - 1];
    if (last && last.crash !== undefined) {
      if (hit(start, start + lines.length)) break;
      start += lines.length;
      continue;
    }
    // The process died without a line for case `start + lines.length` (abort, signal, timeout).
    const suspect = start + lines.length;
    if (idle && !confirmIdle) {
      results[suspect] = `CRASH:timeout/hang: no answer in ${idleMs} ms`;
    } else {
      const alone = await runnerProcess(runner, [codes[suspect]], aloneTimeout, idleMs);
      if (alone.lines.length === 1) {
        // Not this case alone: the process died of what came before it. Mark and go on.
        results[suspect] = sandboxValue(alone.lines[0]);
        log(`  note: the runner died (code ${code}, signal ${signal}) at case ${suspect}, which passes alone`);
      } else {
        const why = signal === "SIGKILL" ? "timeout/hang" : `exit ${code} ${signal || ""}`.trim();
        results[suspect] = `CRASH:${why}: ${(alone.stderr || stderr).trim().split("\n").slice(-3).join(" | ")}`;
      }
    }
    if (hit(start, suspect + 1)) break;
    start = suspect + 1;
  }
  return { results, times };
}

/** Human-readable form of an encoded value: float64 hex back to numbers; long values clipped
 * (a BigInt of 2^30 bits is 268M characters of hex). */
export function decode(s) {
  if (s.length > 4000) s = `${s.slice(0, 4000)}...[${s.length} characters]`;
  return s.replace(/n([0-9a-f]{16})/g, (_, h) => {
    const dv = new DataView(new ArrayBuffer(8));
    dv.setUint32(0, parseInt(h.slice(0, 8), 16));
    dv.setUint32(4, parseInt(h.slice(8), 16));
    return "#" + String(dv.getFloat64(0));
  });
}
