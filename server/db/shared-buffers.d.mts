export declare const SMALL_POOL: string;
export declare const LARGE_POOL: string;
export declare const SMALL_DATABASE_BYTES: number;
export declare const filesBytes: (dir: string) => number;
export declare const databaseBytes: (pgDir: string) => number;
export declare const sharedBuffersFor: (pgDir: string | undefined) => string;
