import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { get } from '../../dataProvider/http.ts';

/** An uploaded file's address (server/routes/files.ts); anything else is an ordinary image URL. */
const STORED = /^\/open\/file\/[0-9a-f-]{36}$/i;

/**
 * An image by its address. An uploaded file is fetched with the console's token and shown from the
 * browser's copy: a plain `<img>` carries no token, so a private one (a business licence) would be
 * the 404 of a file nobody may read, even for its reviewer. `local` is a just-picked file's own copy.
 */
export const StoredImage = ({ address, alt, local, sx, testId = 'stored-image' }: { address: string; alt: string; local?: string; sx?: SxProps<Theme>; testId?: string }) => {
  const stored = !local && STORED.test(address);
  const [src, setSrc] = useState<string | undefined>(stored ? undefined : (local ?? address));
  useEffect(() => {
    if (!stored) return setSrc(local ?? address);
    setSrc(undefined);
    let url: string | undefined;
    let live = true;
    // A file the caller may not read stays absent; a toast per image would say nothing useful.
    get<Blob>(address, { responseType: 'blob', silent: true })
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setSrc(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [address, local, stored]);
  return src ? <Box component="img" src={src} alt={alt} sx={sx} data-testid={testId} /> : null;
};
