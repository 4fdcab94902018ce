import { describe, expect, it } from 'vitest';
import { redirectLanding, tenantLanding, TENANT_START, type LandingState } from '../../src/routes/landing.ts';

/** A certified BU's sub-account holding the given pages (the permission tree keeps their sections). */
const sub = (urls: string[]): LandingState => ({ signedIn: true, userType: 2, urls, pages: urls.filter((u) => u.split('/').length > 2), authState: 2, buCreated: true });
/** The demo's member (server/demo/fill.ts, role "people"): the organisation, departments and members. */
const member = sub(['/account', '/account/organzize', '/account/member-manage']);

describe('where a signed-in person is sent (issue 44, item 6)', () => {
  it('an owner, and a sub-account granted the enterprise panel, land on it', () => {
    expect(tenantLanding({ signedIn: true, userType: 1, urls: [], authState: 2, buCreated: true })).toBe(TENANT_START);
    expect(tenantLanding(sub(['/account', TENANT_START, '/account/organzize']))).toBe(TENANT_START);
  });

  it("a member whose roles do not open the enterprise panel lands on the first page they may open, not on a refusal", () => {
    expect(tenantLanding(member)).toBe('/account/info');
  });

  it("a section's index leads to the first of its pages the person may open only when its own target is refused", () => {
    const developer = sub(['/business', '/business/app']);
    expect(redirectLanding('/business', '/business/dict-manage', developer)).toBe('/business/app');
    expect(redirectLanding('/business', '/business/dict-manage', sub(['/business', '/business/dict-manage', '/business/app']))).toBe('/business/dict-manage');
    // A page the person may open is never traded for another (the axe sweep's sub-account holding every grant).
    expect(redirectLanding('/account', '/account/info', sub(['/account', TENANT_START, '/account/organzize']))).toBe('/account/info');
    // A redirect that is no section (a role's old address) keeps its target.
    expect(redirectLanding('/account/role-detail', '/account/role-manage/7/show', member)).toBe('/account/role-manage/7/show');
  });
});
