import type { StatusActions, Tone } from './types.ts';

/** Status 0 enabled / 1 disabled, the transitions most entities share; disabling asks first. */
export const enableDisable: StatusActions = {
  field: 'status',
  transitions: [
    { name: 'enable', from: [1], to: 0 },
    { name: 'disable', from: [0], to: 1, confirm: true },
  ],
};

/** Enabled green, disabled grey: the tones of that status in lists. */
export const enabledTones: Record<string, Tone> = { '0': 'success', '1': 'default' };
