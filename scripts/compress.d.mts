export declare const COMPRESSIBLE: RegExp;
export declare const compressBytes: (bytes: Uint8Array) => Promise<{ br: Buffer; gzip: Buffer }>;
export declare const precompressDir: (dir: string) => Promise<{ file: string; bytes: number; br: number; gzip: number }[]>;
