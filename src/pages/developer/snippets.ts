/** What stands for the token in a snippet: a copied snippet must never carry a real token. */
export const TOKEN_PLACEHOLDER = '<app_access_token>';

/** A request as the console sent it: absolute URL, the JSON body and the Accept-Language sent. */
export interface SentRequest {
  url: string;
  body: unknown;
  acceptLanguage: string;
}

/** The headers of a call; the page sends these with the real token, the snippets with the placeholder. */
export const requestHeaders = (token: string, acceptLanguage: string) => ({
  'content-type': 'application/json',
  'accept-language': acceptLanguage,
  authorization: `Bearer ${token}`,
});

/** Single quotes keep everything literal in a POSIX shell; a quote inside is closed, escaped and reopened. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The same bytes the page sent (JSON.stringify of the body), so the snippet is exactly that request. */
export const curlSnippet = ({ url, body, acceptLanguage }: SentRequest) =>
  [
    `curl -X POST ${shellQuote(url)}`,
    ...Object.entries(requestHeaders(TOKEN_PLACEHOLDER, acceptLanguage)).map(([k, v]) => `  -H ${shellQuote(`${k}: ${v}`)}`),
    `  --data-raw ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n');

/** JSON literals are valid TypeScript, so every string and the body are written with JSON.stringify. */
export const fetchSnippet = ({ url, body, acceptLanguage }: SentRequest) => {
  const headers = Object.entries(requestHeaders(TOKEN_PLACEHOLDER, acceptLanguage))
    .map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join('\n');
  const literal = JSON.stringify(body, null, 2).replace(/\n/g, '\n  ');
  return [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: 'POST',`,
    `  headers: {`,
    headers,
    `  },`,
    `  body: JSON.stringify(${literal}),`,
    `});`,
    `const { code, data, message }: { code: number; data: unknown; message: string } = await response.json();`,
  ].join('\n');
};
