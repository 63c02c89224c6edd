//! Limits of one VM and of `store()` values.

use serde::Serialize;

/// Limits of one VM. The instruction budget is what ends runaway scripts; the others keep single
/// native calls (which run outside the budget) from building huge values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SandboxLimits {
    /// Bytecode instructions for the whole run (every pass replays from the start, so a replay
    /// ends at the same point). Exhausting it ends the run with `BUDGET_EXCEEDED`; scripts cannot
    /// catch it.
    pub instruction_budget: usize,
    /// Iterations of any one loop (boa counts per call frame); a backstop behind the budget.
    pub loop_iterations: u64,
    /// Nested calls. Past it the script gets V8's catchable `RangeError: Maximum call stack size
    /// exceeded` (a `catch` runs below the limit, so the native stack stays bounded).
    pub recursion: usize,
    /// Native stack the engine may use below the host's frame, in bytes. Recursion that stays in
    /// native code (a chain of proxies, `flat` or `join` of arrays nested thousands deep) is not
    /// counted by `recursion`; past this the script gets V8's catchable `RangeError: Maximum
    /// call stack size exceeded` instead of overflowing the stack, which aborts the process (in
    /// the Worker, traps the wasm instance and every conversation on it). The Worker's stack is
    /// 16 MiB (`.cargo/config.toml`); native threads that run sandboxes need at least this plus
    /// room for the host (the runner's main thread has 8 MiB, tests 64 MiB).
    pub native_stack_bytes: usize,
    /// Levels native code may nest where it recurses without call frames (a proxy's internal
    /// methods, `flat`, `join`, a bound function in `instanceof`); past it, V8's catchable
    /// `RangeError: Maximum call stack size exceeded`. The byte budget above cannot see the
    /// Worker's real limit: in wasm it measures the shadow stack in linear memory, while the
    /// frames that overflow are the wasm engine's (a chain of 8,000 proxies trapped the Worker).
    /// Counted levels are the same natively and in the Worker, so a replay answers the same. V8
    /// itself stops between 4,000 and 8,000 proxies and at about 3,000 bound functions.
    pub native_recursion_depth: u32,
    /// Heap the run may hold, in bytes: what the process's allocator counts as live on the
    /// sandbox's thread beyond what was live when the VM was built (the realm and prelude count).
    /// Checked before every instruction and in the native loops that build many values in one
    /// call; over it, the engine collects garbage once, and a heap still within an eighth of the
    /// bound ends the run with `MEMORY_EXCEEDED` (scripts cannot catch it). A Worker isolate has
    /// 128 MB for everything in it, and wasm memory never shrinks: this is what keeps one script
    /// from taking the isolate, and every conversation on it, down. Bytes are the platform's:
    /// natively (64-bit) the same values take up to twice what they take in the Worker.
    pub max_heap_bytes: usize,
    /// What everything on the thread (the isolate's wasm heap: the runtime, and the sandboxes of
    /// every run interleaved on it) may hold while a run is under way, counted from nothing. A
    /// run's bound is `max_heap_bytes` or what is left of this when the run starts, whichever is
    /// less: a run alone may hold its whole bound, runs interleaved share what the isolate's
    /// 128 MB leaves (the linear memory also keeps what a run freed, and the isolate's own
    /// JavaScript heap is beside it).
    pub isolate_heap_bytes: usize,
    /// Longest string `repeat`/`padStart`/`padEnd`/`concat`/`join` may build, in UTF-16 units.
    pub max_string_chars: usize,
    /// Most elements `Array(n)`/`fill`/`Array.from`/`join` may handle.
    pub max_array_elements: usize,
    /// Largest `ArrayBuffer`, in bytes.
    pub max_buffer_bytes: u64,
    /// Characters of `text()`/`console` output kept per run; the rest is dropped.
    pub max_output_chars: usize,
    /// Tool calls per run.
    pub max_calls: u32,
    /// Largest tool-call argument, in bytes of JSON.
    pub max_argument_bytes: usize,
    /// Deepest bracket nesting accepted in source code (the parser recurses per level).
    pub max_nesting: usize,
    /// Deepest expression accepted in source code, estimated from its tokens before the parser
    /// sees it (`src/sandbox/depth.rs`: a bracket level or a prefix operator counts 7, a binary
    /// operator or a call/member step 1): the parser, boa's AST walks and the compiler recurse
    /// once per level, and `1+1+…` with 4,000 terms or 500 `!` in a row overflowed the stack.
    pub max_expression_depth: usize,
    /// Deepest value `JSON.stringify`/`JSON.parse` (and tool arguments, `store`, `text`) accept.
    pub max_json_depth: usize,
    /// Steps the regular expression engine may take to find one match (one `exec`, or one step
    /// of `test`, `match`, `matchAll`, `replace`, `search`, `split`): an instruction of the
    /// compiled pattern (each resumption after a backtrack runs one), a character consumed by a
    /// loop like `\w*`, or a character compared by a backreference. Catastrophic backtracking
    /// (`/(a+)+$/` on `"aaa…!"`) reaches it and ends the run with `LIMIT_EXCEEDED`; scripts
    /// cannot catch it. Every step is also charged to the instruction budget, so the matches of
    /// one run together are bounded by it too.
    pub max_regex_steps: u64,
    /// Timers (`setTimeout`, and each tick of a `setInterval`) per run.
    pub max_timers: u32,
    /// Longest timer delay, in ms.
    pub max_timer_delay_ms: u64,
}

impl Default for SandboxLimits {
    fn default() -> Self {
        Self {
            instruction_budget: 100_000_000,
            loop_iterations: 50_000_000,
            recursion: 400,
            native_stack_bytes: 4 * 1024 * 1024,
            native_recursion_depth: 2000,
            // 64 MiB a run would hold 200,000 parsed records, but a table of heavy runs then
            // left 145 MiB of wasm memory (fragmentation): docs/performance.md, issue 41.
            max_heap_bytes: 32 * 1024 * 1024,
            isolate_heap_bytes: 64 * 1024 * 1024,
            max_string_chars: 1 << 24,
            max_array_elements: 1 << 24,
            max_buffer_bytes: 16 * 1024 * 1024,
            max_output_chars: 4 * 1024 * 1024,
            max_calls: 1000,
            max_argument_bytes: 256 * 1024,
            max_nesting: 128,
            // 128 brackets cost 1,024; measured natively in a debug build (the largest frames),
            // 1,200 units of the worst kind use under 4 MiB of stack.
            max_expression_depth: 1200,
            // Below serde_json's own recursion limit (128), which parses what crosses to the host.
            max_json_depth: 100,
            // V8's backtrack limit, where it is set, and fancy-regex's default are 1,000,000
            // backtracks; a step here is finer (a consumed character counts), so 10x that.
            max_regex_steps: 10_000_000,
            max_timers: 1000,
            max_timer_delay_ms: 7 * 24 * 60 * 60 * 1000,
        }
    }
}

/// Caps on `store()` values, in characters of JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StoreLimits {
    /// Longest key.
    pub key: usize,
    /// Largest single value.
    pub value: usize,
    /// All keys and values together.
    pub total: usize,
}

impl Default for StoreLimits {
    fn default() -> Self {
        Self {
            key: 256,
            value: 256 * 1024,
            total: 1024 * 1024,
        }
    }
}
