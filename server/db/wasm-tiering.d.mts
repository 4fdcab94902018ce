export declare const WASM_TIERING_BUDGET: number;
export declare const tierWasmLater: () => void;
