import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { consoleTheme } from '../../src/console/theme.ts';
import { themeOptions } from '../../src/shell/theme.ts';

/** WCAG 2.x contrast ratio of two #rgb or #rrggbb colours. */
const luminance = (colour: string) => {
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
  expect(hex, colour).toMatch(/^#[0-9a-f]{6}$/i);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the palette meets WCAG AA contrast (4.5:1 for text)', () => {
  const colours = ['primary', 'warning', 'info', 'success', 'error'] as const;
  for (const [name, theme] of [['public site', createTheme(themeOptions)], ['consoles', createTheme(consoleTheme as never)]] as const) {
    it.each(colours)(`${name}: %s carries its contrast text (buttons, chips, filled toasts) and reads as text on the page`, (c) => {
      const main = theme.palette[c].main;
      expect(ratio(main, theme.palette[c].contrastText)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    });
  }
  it('MUI defaults it replaces would not (the measured failures of issue 9)', () => {
    expect(ratio('#1976d2', '#fafafb')).toBeLessThan(4.5);
    expect(ratio('#ed6c02', '#ffffff')).toBeLessThan(4.5);
  });
});
