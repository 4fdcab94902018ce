import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The business time zone (`BUSINESS_TIME_ZONE`, Asia/Shanghai by default): a sheet's clock read and
 * written there, across a change of offset too; an unknown zone stops the start, saying so.
 */
const load = async (zone?: string) => {
  vi.resetModules();
  if (zone) vi.stubEnv('BUSINESS_TIME_ZONE', zone);
  return import('../../server/services/business-time.ts');
};
const wall = (s: string) => new Date(`${s}Z`);
afterEach(() => vi.unstubAllEnvs());

describe('business time', () => {
  it('is Asia/Shanghai by default: a clock there is UTC+8, written with its offset and read as a person reads it', async () => {
    const t = await load();
    expect(t.BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
    const at = t.fromWallClock(wall('2027-01-15T23:59:59'));
    expect(at.toISOString()).toBe('2027-01-15T15:59:59.000Z');
    expect(t.businessIso(at)).toBe('2027-01-15T23:59:59+08:00');
    expect(t.businessText(at)).toBe('2027-01-15 23:59:59 (Asia/Shanghai)');
    expect(t.wallClock(at)).toEqual(wall('2027-01-15T23:59:59'));
  });

  it('follows a zone with summer time on both sides of its change', async () => {
    const t = await load('America/New_York');
    expect(t.fromWallClock(wall('2026-03-07T12:00:00')).toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(t.fromWallClock(wall('2026-03-08T12:00:00')).toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(t.businessIso(new Date('2026-07-01T16:00:00Z'))).toBe('2026-07-01T12:00:00-04:00');
  });

  it('refuses a name that is no IANA zone', async () => {
    await expect(load('Mars/Base')).rejects.toThrow(/BUSINESS_TIME_ZONE: "Mars\/Base" is no IANA time zone/);
  });
});
