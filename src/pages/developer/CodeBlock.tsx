import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useLang } from '../../shell/LangContext.tsx';

const COPIED_MS = 2000;

/** Shared look of the page's code and JSON: scrolls inside a bounded box instead of widening the page. */
export const preSx = {
  m: 0,
  p: 1.5,
  bgcolor: 'grey.100',
  color: 'text.primary',
  borderRadius: 1,
  maxHeight: 360,
  overflow: 'auto',
  fontFamily: 'monospace',
  fontSize: 13,
  whiteSpace: 'pre',
} as const;

/**
 * A titled, copyable block of text. The box scrolls, so it is a named region that takes the
 * keyboard focus (a scrolled region must be reachable without a mouse); "copied" is announced
 * through a status region.
 */
export const CodeBlock = ({ title, text, testId }: { title: string; text: string; testId: string }) => {
  const { t } = useLang();
  const headingId = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  // The clipboard is missing outside a secure context (plain http on another host): say so.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(() => setState('copied'), () => setState('failed'));
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography role="status" variant="body2" color={state === 'failed' ? 'error' : 'success'}>
            {state === 'copied' ? t('debug.copied') : state === 'failed' ? t('debug.copy_failed') : ''}
          </Typography>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={copy} aria-label={t('debug.copy_named', { name: title })}>
            {t('debug.copy')}
          </Button>
        </Stack>
      </Stack>
      <Box component="pre" data-testid={testId} tabIndex={0} role="region" aria-labelledby={headingId} sx={preSx}>
        {text}
      </Box>
    </Box>
  );
};
