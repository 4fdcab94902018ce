import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';
import { newSpKeys } from '../../server/sso/saml-metadata.ts';

// samlify asks for an XML schema validator; this IdP reads only the platform's own requests.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

/** What a test changes in the next response: times, audience, recipient, issuer, or the assertion left unsigned. */
export interface Variant {
  notBefore?: string;
  notOnOrAfter?: string;
  audience?: string;
  recipient?: string;
  issuer?: string;
  unsignedAssertion?: boolean;
}

export interface SamlIdp {
  base: string;
  metadataUrl: string;
  users: Map<string, { email: string; name: string; department?: string }>;
  /** The platform's SP metadata, once its BU is configured. */
  trust(spMetadata: string): void;
  variant: Variant;
  /** The last response posted to the platform (base64), to post again. */
  last?: { SAMLResponse: string; RelayState: string; acs: string };
  close(): Promise<void>;
}

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The company's SAML 2.0 identity provider: samlify on 127.0.0.1 with a login page of its own,
 * answering the platform's AuthnRequests with signed assertions posted to its ACS through a form
 * the person submits. `variant` bends the next answer to prove what the platform refuses.
 */
export const startSamlIdp = async (): Promise<SamlIdp> => {
  const keys = await newSpKeys('idp');
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: keys.sp_private_key,
    signingCert: keys.sp_certificate,
    wantAuthnRequestsSigned: false,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${base}/slo` }],
  });
  let sp: samlify.ServiceProviderInstance | undefined;
  let unsignedSp: samlify.ServiceProviderInstance | undefined;
  let acs = '';
  const pending = new Map<string, { requestId: string; relayState: string }>();
  const state: SamlIdp = {
    base,
    metadataUrl: `${base}/metadata`,
    users: new Map(),
    variant: {},
    trust: (metadata) => {
      acs = /<AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)![1];
      sp = samlify.ServiceProvider({ metadata });
      // The same SP as one that does not ask for signed assertions: the IdP then signs only the message around it.
      unsignedSp = samlify.ServiceProvider({ metadata: metadata.replace('WantAssertionsSigned="true"', 'WantAssertionsSigned="false"') });
    },
    close: () => new Promise((r) => server.close(() => r())),
  };

  const respond = async (requestId: string, relayState: string, login: string) => {
    const user = state.users.get(login) ?? { email: `${login}@unknown.example`, name: login };
    const v = state.variant;
    const target = v.unsignedAssertion ? unsignedSp! : sp!;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const attributes = Object.entries({ email: user.email, name: user.name, department: user.department })
      .filter(([, value]) => value)
      .map(([name, value]) => `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${escape(String(value))}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    const values = {
      ID: `_${randomBytes(16).toString('hex')}`,
      AssertionID: `_${randomBytes(16).toString('hex')}`,
      Destination: acs,
      Audience: v.audience ?? target.entityMeta.getEntityID(),
      SubjectRecipient: v.recipient ?? acs,
      Issuer: v.issuer ?? `${base}/metadata`,
      IssueInstant: now.toISOString(),
      StatusCode: samlify.Constants.StatusCode.Success,
      ConditionsNotBefore: v.notBefore ?? now.toISOString(),
      ConditionsNotOnOrAfter: v.notOnOrAfter ?? later,
      SubjectConfirmationDataNotOnOrAfter: v.notOnOrAfter ?? later,
      NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      NameID: user.email,
      InResponseTo: requestId,
      AuthnStatement: `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      AttributeStatement: `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`,
    };
    const answer = (await idp.createLoginResponse(target, { extract: { request: { id: requestId } } }, 'post', { email: user.email }, (template: string) => ({
      id: values.ID,
      // samlify escapes every value it puts in: the two statements are XML, put in first.
      context: samlify.SamlLib.replaceTagsByValue(template.replace('{AuthnStatement}', values.AuthnStatement).replace('{AttributeStatement}', values.AttributeStatement), values),
    }))) as { context: string };
    state.last = { SAMLResponse: answer.context, RelayState: relayState, acs };
    return page(
      'Acme IdP',
      `<p>Signed in as ${escape(user.email)}.</p><form method="post" action="${escape(acs)}"><input type="hidden" name="SAMLResponse" value="${answer.context}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><button type="submit">Continue to the platform</button></form>`,
    );
  };

  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    try {
      if (url.pathname === '/metadata') return send(200, 'application/samlmetadata+xml', idp.getMetadata());
      if (url.pathname === '/sso') {
        const parsed = await idp.parseLoginRequest(sp!, 'redirect', { query: Object.fromEntries(url.searchParams) } as never);
        const ticket = randomBytes(12).toString('hex');
        pending.set(ticket, { requestId: (parsed.extract as { request: { id: string } }).request.id, relayState: url.searchParams.get('RelayState') ?? '' });
        return send(
          200,
          'text/html; charset=utf-8',
          page(
            'Acme IdP sign-in',
            `<form method="post" action="/login"><input type="hidden" name="ticket" value="${ticket}"><label>User <input name="username" autocomplete="username"></label><label>Password <input name="password" type="password" autocomplete="current-password"></label><button type="submit">Sign in</button></form>`,
          ),
        );
      }
      if (url.pathname === '/login' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const p = pending.get(form.get('ticket') ?? '');
        if (!p) return send(400, 'text/plain', 'unknown ticket');
        return send(200, 'text/html; charset=utf-8', await respond(p.requestId, p.relayState, form.get('username') ?? ''));
      }
      if (url.pathname === '/slo') return send(200, 'text/html; charset=utf-8', page('Acme IdP', '<p>You are signed out of Acme.</p>'));
      send(404, 'text/plain', 'not found');
    } catch (e) {
      send(500, 'text/plain', String((e as Error).stack));
    }
  });
  return state;
};
