import { Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { get } from '../../dataProvider/http.ts';
import { saveBlob } from './saveBlob.ts';

/**
 * A record's files (`/open/file/{guid}` addresses), each a button named by the file's name (the
 * record's `file_names`). A record's files are private and a plain link carries no token, so the
 * file is fetched through the console's http client (token, refusals as toasts) and saved under its name.
 */
export const FileLinks = ({ addresses, names = {} }: { addresses: readonly string[]; names?: Readonly<Record<string, string>> }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {addresses.map((address, i) => (
        <FileLink key={address} address={address} name={names[address] ?? translate('files.unnamed', { n: i + 1 })} />
      ))}
    </Stack>
  );
};

const FileLink = ({ address, name }: { address: string; name: string }) => {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await get<Blob>(address, { responseType: 'blob' }), name);
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    // Inside a list row: the row's own click must not also open the record.
    <Link component="button" type="button" onClick={(e) => (e.stopPropagation(), void download())} disabled={busy} aria-busy={busy} sx={{ verticalAlign: 'baseline' }} data-testid="file-link">
      {name}
    </Link>
  );
};
