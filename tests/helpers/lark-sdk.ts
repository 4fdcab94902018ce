import * as lark from '@larksuiteoapi/node-sdk';
import { expect } from 'vitest';

/** The SDK's logger, quiet: the tests read its refusals, not its lines. */
export const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {} };

/** Lark's Node SDK for an app, changed only in its domain (a self-built app unless `appType` says otherwise). */
export const larkClient = (domain: string, appId: string, appSecret: string, appType?: lark.AppType) =>
  new lark.Client({ appId, appSecret, domain, logger: silent, ...(appType === undefined ? {} : { appType }) });

/** What the SDK throws for a refusal over HTTP: axios's error, carrying Lark's body and status. */
export const refusalOf = async (call: Promise<unknown>) => {
  const e = (await call.then(() => null, (err) => err)) as { response?: { status: number; data: { code: number; msg: string; error?: Record<string, unknown> } } } | null;
  expect(e?.response, 'the call should have been refused').toBeDefined();
  return { status: e!.response!.status, ...e!.response!.data };
};
