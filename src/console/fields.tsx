import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Chip, Link as MuiLink, Stack } from '@mui/material';
import { BooleanField, FunctionField, ReferenceArrayField, ReferenceField, SingleFieldList, TextField, useLocale, useTranslate } from 'react-admin';
import { LANGUAGES, type Lang } from '../../i18n/languages.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { scopeLabelKey } from '../../resources/scopes.ts';
import { defByName, fieldLabel, fieldSchemaOf, isArrayField, nonNull, textIn, titleFieldOf, toneOf, translationOf, valueLabel } from './registry.ts';
import { language } from '../../dataProvider/session.ts';
import { useRouteOf } from './routeOf.tsx';
import { useTitle } from './useTitle.ts';
import { formatMoney } from '../shell/money.ts';
import { formatDay, formatInstant, zoneName } from '../shell/dates.ts';
import type { ColumnSetting, ColumnView } from './columnSettings.ts';
import { FileLinks } from './FileLinks.tsx';
import { StoredImage } from './StoredImage.tsx';

/** A coded value: its translated label, in the tone the definition gives it (`tones`). */
export const StatusValue = ({ def, field, value, testId }: { def: ConsoleDef; field: string; value: unknown; testId?: string }) => {
  const translate = useTranslate();
  if (value === undefined || value === null) return null;
  const tone = toneOf(def, field, value);
  return <Chip size="small" label={translate(valueLabel(def, field, value), { _: String(value) })} color={tone} variant="outlined" data-tone={tone} data-testid={testId} />;
};

/** Tags: strings, or objects named by their first text field (e.g. column settings by `field`). */
const tagText = (v: unknown) => (typeof v === 'object' && v ? String(Object.values(v).find((x) => typeof x === 'string') ?? '') : String(v));


/** The render hint → field component map: one place decides how a column looks. */
/** A list of tags; coded ones (a custom field's formats) by their translated labels. */
const Tags = ({ def, field, values }: { def: ConsoleDef; field: string; values: unknown[] }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {values.map((v, i) => (
        <Chip key={i} size="small" label={typeof v === 'object' ? tagText(v) : translate(valueLabel(def, field, v), { _: tagText(v) })} />
      ))}
    </Stack>
  );
};

export const renderColumn = (def: ConsoleDef, col: ColumnView) => cloneElement(columnElement(def, col), { key: col.field });

/** A plain text column of a translated field: it shows the reader's language (schemas/translated.ts), so its column in that language. */
const translatedColumn = (def: ConsoleDef, col: ColumnView) => (col.render && col.render !== 'text') || col.to ? undefined : translationOf(def, col.field, language());

/** A column's heading: its own label, else its field's (a translated field's in the reader's language). */
export const columnLabel = (def: ConsoleDef, col: ColumnView) => col.label ?? fieldLabel(def, translatedColumn(def, col) ?? col.field);

const columnElement = (def: ConsoleDef, col: ColumnView) => {
  const label = columnLabel(def, col);
  const common = { source: col.field, label, sortable: !!col.sortable };
  const target = col.reference ? defByName(col.reference) : undefined;
  if (col.to) return <FunctionField {...common} render={(r: Record<string, unknown>) => <RowLink to={col.to!} row={r} text={String(r[col.field] ?? '')} label={col.linkLabel} />} />;
  switch (col.render) {
    case 'status':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <StatusValue def={def} field={col.field} value={r[col.field]} />} />;
    case 'date':
      return <DateColumn {...common} label={col.zone ? <ZonedTitle label={label} /> : label} day={nonNull(fieldSchemaOf(def, col.field) ?? {}).kind === 'date'} />;
    case 'image':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <Images value={r[col.field]} label={label} />} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'money':
      return <MoneyColumn {...common} />;
    case 'tags':
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, unknown>) => <Tags def={def} field={col.field} values={Array.isArray(r[col.field]) ? (r[col.field] as unknown[]) : []} />}
        />
      );
    case 'html':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <Box className="doc-body" sx={{ '& p': { my: 1 } }} dangerouslySetInnerHTML={{ __html: String(r[col.field] ?? '') }} />} />;
    case 'link':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => (typeof r[col.field] === 'string' && r[col.field] ? <PageLink to={r[col.field] as string} /> : null)} />;
    case 'files':
      return (
        <FunctionField
          {...common}
          render={(r: Record<string, unknown>) => <FileLinks addresses={Array.isArray(r[col.field]) ? (r[col.field] as string[]) : []} names={r.file_names as Record<string, string> | undefined} />}
        />
      );
    case 'resource':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <ResourceName name={String(r[col.field] ?? '')} />} />;
    case 'column-set':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <ColumnSetTags resource={String(r.resource ?? '')} settings={Array.isArray(r[col.field]) ? (r[col.field] as ColumnSetting[]) : []} />} />;
    case 'field-names':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <FieldNameTags resource={String(r.resource ?? '')} fields={Array.isArray(r[col.field]) ? (r[col.field] as string[]) : []} />} />;
    case 'scopes':
      return <FunctionField {...common} render={(r: Record<string, unknown>) => <ScopeTags codes={Array.isArray(r[col.field]) ? (r[col.field] as string[]) : []} />} />;
    case 'reference':
      if (!target) return <TextField {...common} />;
      return <RefColumn {...common} target={target} array={isArrayField(def, col.field)} />;
    default: {
      if (def.admin.labelKeys && col.field === def.admin.titleField) return <TitleColumn {...common} def={def} />;
      // Written in the reader's language where it is, else the default language's.
      if (translatedColumn(def, col)) return <FunctionField {...common} render={(r: Record<string, unknown>) => String(textIn(def, r, col.field, language()) ?? '')} />;
      return <TextField {...common} />;
    }
  }
};

/** An image field's image(s), each named by the field's label in the reader's language (several: numbered). */
const Images = ({ value, label }: { value: unknown; label: string }) => {
  const translate = useTranslate();
  const addresses = (Array.isArray(value) ? value : [value]).filter((a): a is string => typeof a === 'string' && !!a);
  const shown = translate(label);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {addresses.map((address, i) => (
        <StoredImage key={address} address={address} alt={addresses.length > 1 ? translate('images.preview', { label: shown, n: i + 1 }) : shown} sx={{ maxHeight: 40, maxWidth: 160 }} />
      ))}
    </Stack>
  );
};

/** A column set's shown columns in order, each by its title in the reader's language or its field's label. */
const ColumnSetTags = ({ resource, settings }: { resource: string; settings: ColumnSetting[] }) => {
  const translate = useTranslate();
  const lang = useLocale() as Lang;
  const def = defByName(resource);
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {settings.filter((s) => s.visible !== false).map((s) => (
        <Chip key={s.field} size="small" label={s.title?.[lang] || (def ? translate(fieldLabel(def, s.field), { _: s.field }) : s.field)} />
      ))}
    </Stack>
  );
};

/**
 * Fields of the row's definition by their labels in the reader's language: the definition's own,
 * else the shared label of a call's parameter (`common.fields`: a handler's body may name `sort`,
 * `keyword`); a field nobody labels, by its name. The name in the API stays in the chip's tooltip.
 */
const FieldNameTags = ({ resource, fields }: { resource: string; fields: string[] }) => {
  const translate = useTranslate();
  const def = defByName(resource);
  const labelOf = (f: string) => {
    const shared = translate(`common.fields.${f}`, { _: f });
    return def ? translate(fieldLabel(def, f), { _: shared }) : shared;
  };
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {fields.map((f) => (
        <Chip key={f} size="small" label={labelOf(f)} title={translate('field_code', { code: f })} />
      ))}
    </Stack>
  );
};

/** A definition by its translated name, its registry name beside it for product staff. */
const ResourceName = ({ name }: { name: string }) => {
  const translate = useTranslate();
  return <span title={name}>{translate(`resources.${name}.name`, { smart_count: 2, _: name })}</span>;
};

/** Loaded when a scope is first opened: a list never pays for it. */
const ScopeUnlocks = lazy(() => import('./ScopeUnlocks.tsx'));

/**
 * Scopes as chips by their names in the reader's language (a scope no longer declared: its code),
 * the code as the chip's tooltip; a chip opens the scope's APIs and events (the public scope tables).
 */
const ScopeTags = ({ codes }: { codes: string[] }) => {
  const translate = useTranslate();
  const nameOf = (code: string) => translate(scopeLabelKey(code, 'name'), { _: code });
  const [open, setOpen] = useState<string>();
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {codes.map((code) => (
        <Chip
          key={code}
          size="small"
          label={nameOf(code)}
          title={code}
          // Inside a list row: the row's own click must not also open the record.
          onClick={(e) => {
            e.stopPropagation();
            setOpen(code);
          }}
          aria-label={translate('scopes.open', { scope: nameOf(code) })} data-testid={`scope-tag-${code}`} />
      ))}
      {open && (
        // React events bubble out of the dialog's portal to the row: they stop here.
        <Box onClick={(e) => e.stopPropagation()}>
          <Suspense fallback={null}>
            <ScopeUnlocks code={open} onClose={() => setOpen(undefined)} />
          </Suspense>
        </Box>
      )}
    </Stack>
  );
};

/** The title column of a definition with `labelKeys`: seeded rows in the reader's language. */
const TitleColumn = ({ def, ...common }: { source: string; label: string; sortable: boolean; def: ConsoleDef }) => {
  const title = useTitle();
  return <FunctionField {...common} render={(r: Record<string, unknown>) => title(def, r)} />;
};

/** A reference column, routed by the console it is in (operator or tenant). */
const RefColumn = ({ target, array, ...common }: { source: string; label: string; sortable: boolean; target: ConsoleDef; array: boolean }) => {
  const reference = useRouteOf()(target);
  // Named as the reader names them: a translated title in their language (recordTitle).
  const title = useTitle();
  return array ? (
    <ReferenceArrayField {...common} reference={reference}>
      <SingleFieldList linkType={false}>
        <FunctionField render={(r: Record<string, unknown>) => <Chip size="small" label={title(target, r)} />} />
      </SingleFieldList>
    </ReferenceArrayField>
  ) : (
    <ReferenceField {...common} reference={reference} link={false}>
      <FunctionField render={(r: Record<string, unknown>) => title(target, r)} />
    </ReferenceField>
  );
};

/** An amount in cents, in the reader's locale and the platform's currency. */
/** Cents in the record's own currency (an order's, a payment's), else the platform's. */
const MoneyColumn = (props: { source: string; label: string; sortable: boolean }) => {
  const locale = useLocale() as Lang;
  return (
    <FunctionField
      {...props}
      render={(r: Record<string, unknown>) =>
        typeof r[props.source] === 'number' ? formatMoney(r[props.source] as number, LANGUAGES[locale] ?? 'zh-CN', typeof r.currency === 'string' ? r.currency : undefined) : ''
      }
    />
  );
};

/** A row's value as a link to `to` with `{field}` filled from the row; the row's own click stays for its details. */
const RowLink = ({ to, row, text, label }: { to: string; row: Record<string, unknown>; text: string; label?: string }) => {
  const translate = useTranslate();
  return (
    <MuiLink component={RouterLink} to={to.replace(/\{(\w+)\}/g, (_, f: string) => encodeURIComponent(String(row[f] ?? '')))} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {label ? translate(label) : text}
    </MuiLink>
  );
};

/** A page of the console the record is about (an address of the site itself, never another's). */
const PageLink = ({ to }: { to: string }) => {
  const translate = useTranslate();
  return to.startsWith('/') && !to.startsWith('//') ? <MuiLink href={to}>{translate('links.open_related')}</MuiLink> : null;
};

/** A day (`date()`) without a time; an instant in the reader's zone, to the second. */
const DateColumn = ({ day, ...props }: { source: string; label: ReactNode; sortable: boolean; day: boolean }) => (
  <FunctionField {...props} render={(r: Record<string, unknown>) => (day ? formatDay(r[props.source] as string) : formatInstant(r[props.source] as string))} />
);

/** A column of instants whose zone matters (`zone`) names it in its title, once, not in each cell. */
const ZonedTitle = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return <>{translate('dates.with_zone', { label: translate(label, { _: label }), zone: zoneName() })}</>;
};
