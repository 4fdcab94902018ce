import { randomBytes } from 'node:crypto';
import type { TestServer } from './server.ts';

/** Real sign-up calls: mail a code, read it from the mail folder, register, create a BU and switch to it. */
export const uid = () => randomBytes(4).toString('hex');

export const codeFromMail = (s: TestServer, email: string) => {
  const mails = s.mails(email);
  const m = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '');
  if (!m) throw new Error(`no code mailed to ${email}`);
  return m[1];
};

export const linkToken = (s: TestServer, email: string) => {
  const m = /token=([A-Za-z0-9_-]+)/.exec(s.mails(email).at(-1)?.text ?? '');
  if (!m) throw new Error(`no link mailed to ${email}`);
  return m[1];
};

export const register = async (s: TestServer, name = `u_${uid()}`, password = 'Passw0rd1') => {
  const email = `${name}@example.com`;
  const sent = await s.post('/open/system/user/send-email-verification-code', { email });
  if (sent.code !== 200) throw new Error(sent.message);
  const r = await s.post('/open/sys-auth/register-account', { username: name, password, confirm_password: password, email, code: codeFromMail(s, email), agree: true });
  if (r.code !== 200) throw new Error(r.message);
  return { username: name, password, email, guid: r.data.user.guid as string, token: r.data.token as string };
};

/** A registered main account that owns a new BU, with a token for it. */
export const tenantWithBu = async (s: TestServer, name = `u_${uid()}`) => {
  const u = await register(s, name);
  const bu = await s.post('/open/system/bu/add', { name: `BU ${name}` }, { token: u.token });
  if (bu.code !== 200) throw new Error(bu.message);
  const sel = await s.post('/open/system/user-bu/select', { guid: bu.data.guid }, { token: u.token });
  if (sel.code !== 200) throw new Error(sel.message);
  return { ...u, buGuid: bu.data.guid as string, token: sel.data.token as string };
};

/** A sub-account of the caller's BU with `roleGuids`, activated through its mailed link, and its token. */
export const activeSub = async (s: TestServer, ownerToken: string, roleGuids: string[] = [], password = 'SubPassw0rd') => {
  const name = `sub_${uid()}`;
  const email = `${name}@example.com`;
  const added = await s.post('/open/system/user/child-add', { username: name, name: 'Sub', email, role_guids: roleGuids }, { token: ownerToken });
  if (added.code !== 200) throw new Error(added.message);
  const act = await s.post('/open/system/user/child-set', { token: linkToken(s, email), password, confirm_password: password });
  if (act.code !== 200) throw new Error(act.message);
  const login = await s.post('/open/sys-auth/login', { username: name, password });
  if (login.code !== 200) throw new Error(login.message);
  return { guid: added.data.guid as string, username: name, email, password, token: login.data.token as string };
};
