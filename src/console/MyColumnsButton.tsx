import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Checkbox, FormControlLabel, Popover, Stack } from '@mui/material';
import { useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import type { ColumnView } from './columnSettings.ts';
import { fieldLabel } from './registry.ts';

/** A person hides columns for themself; the choice is saved on the server (column-preference). */
export const MyColumnsButton = ({ def, available, hidden, setHidden }: { def: ConsoleDef; available: ColumnView[]; hidden: string[]; setHidden(h: string[]): Promise<void> }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (field: string) => setHidden(hidden.includes(field) ? hidden.filter((f) => f !== field) : [...hidden, field]).catch(() => undefined);
  return (
    <>
      <Button label="list.my_columns" onClick={(e) => setAnchor(e.currentTarget)} data-testid="my-columns">
        <ViewColumnIcon />
      </Button>
      <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
        <Stack sx={{ p: 2 }}>
          {available.map((c) => (
            <FormControlLabel key={c.field} control={<Checkbox checked={!hidden.includes(c.field)} onChange={() => toggle(c.field)} />} label={c.label ?? translate(fieldLabel(def, c.field))} />
          ))}
        </Stack>
      </Popover>
    </>
  );
};
