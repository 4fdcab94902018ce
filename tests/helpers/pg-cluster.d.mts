/** A throwaway PostgreSQL cluster on 127.0.0.1 (pg-cluster.mjs); null when PostgreSQL is not installed. */
export declare const startCluster: () => Promise<{ url: string; stop(): void } | null>;
export declare const findPgBin: () => string | null;
