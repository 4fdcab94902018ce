import { afterEach, describe, expect, it } from 'vitest';
import { registerSharedMessages } from '../../i18n/client.ts';
import en from '../../i18n/resources/en.ts';
import hk from '../../i18n/resources/hk.ts';
import { inReaderWords } from '../../dataProvider/seeded.ts';
import { consoleDef } from '../../resources/console-defs.ts';
import { eventInfo } from '../../resources/event.ts';
import { role } from '../../resources/role.ts';

registerSharedMessages('en', en);
registerSharedMessages('hk', hk);
const inLanguage = (lang: string) => localStorage.setItem('open:language', JSON.stringify(lang));
afterEach(() => localStorage.clear());

/** Seeded rows read in the reader's language on every console screen, while they keep their seeded words (dataProvider/seeded.ts). */
describe('seeded words in the reader\'s language', () => {
  const roles = consoleDef(role);
  const seeded = { guid: 'r', code: 'superadmin', name: '超级管理员', description: '拥有全部运营权限' };

  it('the seeded super-admin role and its description read in English and traditional Chinese', () => {
    inLanguage('en');
    expect(inReaderWords(roles, seeded)).toMatchObject({ name: 'Super administrator', description: 'Holds every operator permission' });
    inLanguage('hk');
    expect(inReaderWords(roles, seeded)).toMatchObject({ name: '超級管理員', description: '擁有全部運營權限' });
  });

  it('keeps an operator\'s own words, and everything in the default language', () => {
    inLanguage('en');
    expect(inReaderWords(roles, { ...seeded, name: '平台管理员' })).toMatchObject({ name: '平台管理员', description: 'Holds every operator permission' });
    expect(inReaderWords(roles, { ...seeded, code: 'ops' })).toMatchObject({ name: '超级管理员' });
    inLanguage('zh');
    expect(inReaderWords(roles, seeded)).toEqual(seeded);
  });

  it('event types by their code with dots', () => {
    inLanguage('en');
    expect(inReaderWords(consoleDef(eventInfo), { code: 'contact.user.created_v3', name: '成员已添加' })).toMatchObject({ name: 'Member added' });
  });
});
