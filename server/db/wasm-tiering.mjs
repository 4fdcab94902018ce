// When V8 optimises the embedded database's WebAssembly. Plain JavaScript: the database's worker
// (pglite-worker.mjs) imports it, and so does the compiled server's entry (server/boot.ts).
import { setFlagsFromString } from 'node:v8';

/**
 * V8 recompiles a WebAssembly function with its optimising compiler once the function has run a
 * budget of code. At the default budget (1,800,000), opening the database alone sends hundreds of
 * PostgreSQL's functions to that compiler, on the cores the start needs: about a sixth of a
 * start's CPU. At 100 times that, the start's one-off code stays on the baseline compiler, and
 * what queries keep running reaches the optimised tier within seconds of load (README,
 * "Benchmarks"). Set before the module is compiled; the flag is the process's, so the compiled
 * server's entry sets it too, before it compiles the server's code: V8 takes a code cache only
 * under the flags it was written under (server/code-cache.ts).
 */
export const WASM_TIERING_BUDGET = 180_000_000;

export const tierWasmLater = () => setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
