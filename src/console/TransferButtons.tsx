import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { Menu, MenuItem } from '@mui/material';
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import type { ResourceCalls } from '../../dataProvider/calls.ts';
import { filterBody } from '../../dataProvider/dataProvider.ts';
import { post } from '../../dataProvider/http.ts';
import { saveBlob } from './saveBlob.ts';

/**
 * Import and Export on a list whose mount names `transfer` calls (resources/types.ts): Import
 * previews a CSV or XLSX file with its bad rows, then writes it all at once, and offers the
 * template to fill; Export downloads the list as filtered, as CSV or XLSX (an empty one as its headers).
 */
export const TransferButtons = ({ rc, can }: { rc: ResourceCalls; can: (action: string) => boolean }) => {
  const transfer = rc.mount.transfer;
  if (!transfer) return null;
  return (
    <>
      {transfer.import && can('import') && <ImportButton />}
      {transfer.export && can('export') && <ExportButton rc={rc} call={transfer.export} />}
    </>
  );
};

/** Import's dialog and its preview table load when it is first opened. */
const ImportDialog = lazy(() => import('./ImportDialog.tsx'));

/** Opens the list's import dialog, which lives above the list (see `ImportHost`). */
const OpenImport = createContext<(() => void) | null>(null);

/**
 * Holds a list's import dialog outside the list itself: while the rows load the list shows its
 * toolbar, and once it knows there are none its empty state, each with its own Import button; a
 * dialog inside either would vanish with it when a quick click came before the swap.
 */
export const ImportHost = ({ rc, children }: { rc: ResourceCalls; children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that it closes with its transition like any dialog.
  const [opened, setOpened] = useState(false);
  const call = rc.mount.transfer?.import;
  return (
    <OpenImport.Provider value={() => (setOpened(true), setOpen(true))}>
      {children}
      {call && opened && (
        <Suspense fallback={null}>
          <ImportDialog rc={rc} call={call} template={rc.mount.transfer?.template} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </OpenImport.Provider>
  );
};

const ImportButton = () => {
  const open = useContext(OpenImport);
  if (!open) throw new Error('An Import button needs an ImportHost around its list');
  return (
    <Button label="transfer.import" onClick={open} data-testid="transfer-import">
      <UploadIcon />
    </Button>
  );
};

const ExportButton = ({ rc, call }: { rc: ResourceCalls; call: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    try {
      const body = { ...filterBody(rc, filterValues), format, ...(sort?.field && sort.field !== 'id' ? { sort: { field: sort.field, order: sort.order.toLowerCase() } } : {}) };
      const blob = await post<Blob>(rc.path(call), body, { responseType: 'blob' });
      // A refusal arrives as an envelope even when a file was asked for.
      if (blob.type.includes('json')) {
        const answer = JSON.parse(await blob.text()) as { message?: string };
        notify(answer.message ?? translate('transfer.export_failed'), { type: 'warning' });
        return;
      }
      saveBlob(blob, `${rc.route.replaceAll('/', '-')}-${new Date().toISOString().slice(0, 10)}.${format}`);
    } catch {
      // The http client has shown the sentence.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={busy ? 'transfer.exporting' : 'transfer.export'} disabled={busy} onClick={(e) => setAnchor(e.currentTarget)} data-testid="transfer-export" aria-haspopup="menu">
        <DownloadIcon />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => download('csv')} data-testid="transfer-export-csv">
          {translate('transfer.export_csv')}
        </MenuItem>
        <MenuItem onClick={() => download('xlsx')} data-testid="transfer-export-xlsx">
          {translate('transfer.export_xlsx')}
        </MenuItem>
      </Menu>
    </>
  );
};
