import type { Rules } from '../engine/context.ts';
import { Warning } from '../http/envelope.ts';

/** The default language (the one a reader who names none gets) is never switched off. */
export const i18nSettingRules: Rules = {
  async beforeTransition(_ctx, _tx, to, existing) {
    if (to === 1 && existing.is_default) throw new Warning('server.default_language_required');
  },
};
