import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { hasClientKey, registerSharedMessages } from '../../i18n/client.ts';
import { shared } from '../../i18n/lang/zh.ts';
import { LangProvider, useLang } from '../../src/shell/LangContext.tsx';

// The console's files share the messages (vitest.config.ts): the next file reads zh's real ones.
afterEach(() => {
  cleanup();
  registerSharedMessages('zh', shared);
});

/** As the sidebar labels a menu entry: its key once the messages have it, else the name it falls back to. */
const Entry = () => {
  const { t, lang } = useLang();
  return <span data-testid="entry">{hasClientKey(lang, 'resources.late_entity.name') ? t('resources.late_entity.name') : 'late_entity'}</span>;
};

/**
 * The shell renders before the console's messages arrive (a chunk of their own): a menu entry read
 * then shows its fallback, and must show its label once they are in (issue 44's new-entity journey
 * saw the operator's sidebar keep "holiday" for 节假日).
 */
it('what the shell rendered before the shared messages arrived renders again with them', async () => {
  render(
    <LangProvider initial="zh">
      <Entry />
    </LangProvider>,
  );
  expect(screen.getByTestId('entry').textContent).toBe('late_entity');
  act(() => registerSharedMessages('zh', { resources: { late_entity: { name: '迟到的实体' } } }));
  expect(screen.getByTestId('entry').textContent).toBe('迟到的实体');
});
