/**
 * The product's design tokens: one place for colour, type, spacing and shape, read by the public
 * site's theme and both consoles' (src/shell/theme.ts, src/console/theme.ts). Every text colour
 * here reads at WCAG AA (≥ 4.5:1) on the backgrounds it is used on (tests/web/theme-contrast.test.ts).
 */
export const tokens = {
  colour: {
    brand: '#1f5fbf',
    brandDark: '#123a78',
    /** The hero's deep end: white text on it reads at 13:1. */
    ink: '#0d1b33',
    accent: '#0b7a75',
    page: '#f6f8fb',
    paper: '#ffffff',
    text: '#1a2233',
    textMuted: '#4a5568',
    line: '#dfe4ec',
    warning: '#a34c00',
    info: '#01579b',
    success: '#1b6e20',
    error: '#c62828',
  },
  font: {
    family: [
      'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"PingFang SC"', '"Hiragino Sans GB"', '"Microsoft YaHei"', '"Noto Sans CJK SC"', '"Helvetica Neue"', 'Arial', 'sans-serif',
    ].join(', '),
    mono: ['ui-monospace', '"SFMono-Regular"', 'Menlo', 'Consolas', '"Liberation Mono"', 'monospace'].join(', '),
    /** rem sizes of the type scale (≈ 1.25 ratio). */
    scale: { display: 2.75, h1: 2.25, h2: 1.75, h3: 1.375, h4: 1.125, body: 1, small: 0.875, tiny: 0.75 },
  },
  /** MUI spacing unit, px. */
  space: 8,
  radius: { small: 6, medium: 10, large: 16 },
  shadow: { card: '0 1px 2px rgba(13,27,51,.06), 0 4px 16px rgba(13,27,51,.06)', raised: '0 6px 24px rgba(13,27,51,.12)' },
  /** Content width of public pages, px. */
  contentWidth: 1200,
} as const;
