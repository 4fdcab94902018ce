/** Where calls live: the platform's own, and Lark's dialect (its API and its long connection's endpoint). */
const API_PREFIXES = ['/open/', '/open-apis/', '/callback/'];

/** Whether a request's path is a call (never a console page; logged as a request). */
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));
