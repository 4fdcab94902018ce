export declare const freePort: () => Promise<number>;
