export declare const SERVER_OUT: string;
export declare const SERVER_ENTRY: string;
export declare const EXTERNAL: string[];
export declare const buildServer: (opts?: { quiet?: boolean }) => Promise<{ files: string[]; outputs: string[] }>;
export declare const SERVER_SCRIPT: string;
