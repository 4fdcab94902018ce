import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useLang } from '../../shell/LangContext.tsx';

/** Copies `text`; the tooltip says it was copied. */
export const CopyButton = ({ text, label, testId }: { text: string; label: string; testId: string }) => {
  const { t } = useLang();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access (an insecure origin, a refused permission), the older way.
      const area = Object.assign(document.createElement('textarea'), { value: text });
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Tooltip title={copied ? t('apps.copied') : label} placement="top">
      <IconButton size="small" onClick={copy} aria-label={label} data-testid={testId}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
