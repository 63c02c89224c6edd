/* tslint:disable */
/* eslint-disable */
/**
 * The `ReadableStreamType` enum.
 *
 * *This API requires the following crate features to be activated: `ReadableStreamType`*
 */

export type ReadableStreamType = "bytes";

export class ContainerStartupOptions {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    get enableInternet(): boolean | undefined;
    set enableInternet(value: boolean | null | undefined);
    entrypoint: string[];
    env: Map<any, any>;
}

/**
 * A runtime over one host object. The package keeps one per `ctx`: every handle the agent
 * creates for that object shares it (its runs in progress, their cancel signals and watchers).
 */
export class EmbeddedRuntime {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Runs the contract's method `method` with `args` (a JSON array): resolves with the result's
     * JSON text.
     */
    call(method: string, args: string): Promise<any>;
    /**
     * The sandbox fingerprint recorded with each run (engine, prelude, semantics, limits).
     */
    fingerprint(): string;
    /**
     * When the runtime next needs [`EmbeddedRuntime::wake`] (ms since the epoch), if ever.
     */
    nextWakeAt(): number | undefined;
    /**
     * Opens the runtime of the Durable Object whose state is `ctx`: creates or upgrades its
     * tables, reads the connectors, connects the declared services (`remote`, JSON text in the
     * `CODEMODE_CONNECTORS` format; `env` answers the secrets they name), applies `settings`
     * (`CODEMODE_*` names to text). `hooks`: `schedule(atMs)` (ask the agent for a wake-up),
     * `progress(frameJson)` (live events).
     */
    static open(ctx: any, connectors: Array<any>, remote: string, env: any, settings: any, hooks: any): Promise<EmbeddedRuntime>;
    /**
     * Some declared services could not be reached when the runtime opened: scripts cannot run
     * (`CONNECTOR_UNAVAILABLE`) until a runtime opened later reaches them all.
     */
    unavailable(): boolean;
    /**
     * The wake-up the agent scheduled is due: resumes interrupted and waiting runs and expires
     * paused ones, then asks (through `schedule`) for the next. Resolves with
     * `{"resumed": [..], "expired": [..], "nextWakeAt": ms | null}`: when the next wake-up is
     * wanted (a runtime missing connectors retries in [`RETRY_WAKE_MS`] while runs wait).
     */
    wake(): Promise<any>;
}

declare class IntoUnderlyingByteSource {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    cancel(): void;
    pull(controller: ReadableByteStreamController): Promise<any>;
    start(controller: ReadableByteStreamController): void;
    readonly autoAllocateChunkSize: number;
    readonly type: ReadableStreamType;
}
export type { IntoUnderlyingByteSource };

declare class IntoUnderlyingSink {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    abort(reason: any): Promise<any>;
    close(): Promise<any>;
    write(chunk: any): Promise<any>;
}
export type { IntoUnderlyingSink };

declare class IntoUnderlyingSource {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    cancel(): void;
    pull(controller: ReadableStreamDefaultController): Promise<any>;
}
export type { IntoUnderlyingSource };

/**
 * Configuration options for Cloudflare's minification features:
 * <https://www.cloudflare.com/website-optimization/>
 */
export class MinifyConfig {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    css: boolean;
    html: boolean;
    js: boolean;
}

export class R2Range {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    get length(): number | undefined;
    set length(value: number | null | undefined);
    get offset(): number | undefined;
    set offset(value: number | null | undefined);
    get suffix(): number | undefined;
    set suffix(value: number | null | undefined);
}

export function __wbg_reset_state(): void;

export function __worker_init_state(): any;
