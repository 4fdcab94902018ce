import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A person known to the company's IdP. */
export interface IdpUser {
  email: string;
  name: string;
  /** What the IdP says of the address: a boolean, or a string as some IdPs send. */
  email_verified?: boolean | string;
  department?: string;
}

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, IdpUser>;
  /** The Authorization header of each token request it received (the client's secret, base64 in Basic). */
  tokenAuth: string[];
  /** Changes the ID token the token endpoint answers (a tampered, foreign or stale token); null: as the provider made it. */
  tamper: ((idToken: string) => Promise<string>) | null;
  /** Signs claims with the provider's own key (`kid` k1) or a key it has not published yet (`next`, kid k2). */
  sign(claims: Record<string, unknown>, key?: 'current' | 'next'): Promise<string>;
  /** Publishes the next key beside the current one, as a provider does when it rotates its keys. */
  rotate(): void;
  close(): Promise<void>;
}

const keyPair = async (kid: string) => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } as JWK;
  return { privateKey, jwk };
};
const publicOf = ({ d, p, q, dp, dq, qi, ...pub }: JWK) => (void [d, p, q, dp, dq, qi], pub);

/**
 * The company's OpenID provider: `oidc-provider` on 127.0.0.1 with its own login and consent
 * pages, one confidential client whose redirect URI is the platform's callback. Its token
 * endpoint's ID token can be changed (`tamper`) and its keys rotated, to prove what the
 * platform refuses and follows.
 */
export const startOidcIdp = async (opts: { redirectUri: string; postLogoutUri: string }): Promise<OidcIdp> => {
  const current = await keyPair('k1');
  const next = await keyPair('k2');
  let rotated = false;
  const users = new Map<string, IdpUser>();
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'open-platform',
        client_secret: 'idp-client-secret-5b1e',
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [current.jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username', 'department'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const u: IdpUser = users.get(id) ?? { email: `${id}@unknown.example`, name: id };
        return { sub: id, preferred_username: id, email: u.email, email_verified: u.email_verified ?? true, name: u.name, department: u.department };
      },
    }),
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  const idp: OidcIdp = {
    issuer,
    clientId: 'open-platform',
    clientSecret: 'idp-client-secret-5b1e',
    users,
    tokenAuth: [],
    tamper: null,
    sign: (claims, key = 'current') => {
      const k = key === 'current' ? current : next;
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: k.jwk.kid }).sign(k.privateKey);
    },
    rotate: () => {
      rotated = true;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/token') idp.tokenAuth.push(req.headers.authorization ?? '');
    if (path === '/jwks' && rotated) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ keys: [publicOf(current.jwk), publicOf(next.jwk)] }));
    }
    if (path === '/token' && idp.tamper) {
      // The provider's answer, its ID token swapped before it leaves.
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      const tamper = idp.tamper;
      res.end = ((chunk?: unknown) => {
        const body = JSON.parse(String(chunk));
        if (!body.id_token) return end(chunk);
        void tamper(body.id_token).then((id_token) => {
          res.removeHeader('content-length');
          end(JSON.stringify({ ...body, id_token }));
        });
        return res;
      }) as typeof res.end;
    }
    return handle(req, res);
  });
  return idp;
};

/** The claims of an ID token, to sign changed copies of it. */
export const claimsOf = (idToken: string) => decodeJwt(idToken) as Record<string, unknown>;
