export declare const STAMP: string;
export declare const projectFiles: (root: string, ids: Iterable<string>) => string[];
export declare const writeStamp: (opts: { root: string; outDir: string; files: string[]; outputs: Iterable<string>; env?: Record<string, string | undefined>; startedAt?: number }) => boolean;
export declare const staleReason: (opts: { root: string; outDir: string; env?: Record<string, string | undefined> }) => string | null;
export declare const viteEnv: (env?: NodeJS.ProcessEnv) => Record<string, string | undefined>;
