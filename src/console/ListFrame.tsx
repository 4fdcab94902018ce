import { Box, Card, type SxProps, type Theme } from '@mui/material';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { FilterContext, ListBase, Loading, Offline, Title, useListContext, type SortPayload } from 'react-admin';
import { SearchBox } from './SearchBox.tsx';

/** react-admin's filter form (react-hook-form and the text input): loaded once a list shows a filter other than its search. */
const FilterForm = lazy(() => import('./filterInputs.ts').then((m) => ({ default: m.FilterForm })));

/** A filter's value counts as set as react-admin's filter form counts it (an object with every part empty does not). */
const isSet = (value: unknown): boolean =>
  value !== '' && value != null && (typeof value !== 'object' || Object.values(value as object).some(isSet));

/** The filters the filter form would show: always-on ones, those someone added, and those with a value (a remembered filter). */
const shownFilters = (filters: readonly ReactElement<{ source: string; alwaysOn?: boolean }>[], displayed: Record<string, boolean>, values: Record<string, unknown>) =>
  filters.filter((f) => f.props.alwaysOn || displayed[f.props.source] || isSet(values[f.props.source]));

interface FrameProps {
  /** Filters other than the keyword search, as react-admin's `List` takes them. */
  filters: ReactElement<{ source: string; alwaysOn?: boolean }>[];
  /** Whether the list has a keyword search box (`q`). */
  search: boolean;
  actions: ReactNode;
  empty: ReactNode;
  error: ReactNode;
  pagination: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

const frame = {
  display: 'flex',
  '& .RaList-main': { flex: '1 1 auto', display: 'flex', flexDirection: 'column' },
  '& .RaList-content': { position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } },
  '& .RaList-noResults': { flex: 1 },
} as const;

const toolbar = {
  display: 'flex',
  position: 'relative',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  width: '100%',
  flexWrap: { xs: 'inherit', sm: 'wrap', md: 'nowrap' },
  flexDirection: { xs: 'column-reverse', sm: 'row' },
  bgcolor: { xs: 'background.paper', sm: 'transparent' },
} as const;

/** Where react-admin's filter form sits: the search box, then the other shown filters beside it. */
const filterArea = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  columnGap: 2,
  flex: { md: '0 1 100%' },
  width: { xs: '100%', sm: 'auto' },
  minHeight: { sm: 64 },
  pb: 0.5,
  '& > form': { flex: '1 1 auto', minHeight: 0, p: 0 },
} as const;

const FrameView = ({ filters, search, actions, empty, error, pagination, sx, children }: FrameProps) => {
  const { defaultTitle, data, error: failed, isPaused, isPending, isPlaceholderData, filterValues, displayedFilters, resource, total, hasNextPage, hasPreviousPage } = useListContext();
  const rows: readonly unknown[] = data ?? [];
  const shown = shownFilters(filters, displayedFilters ?? {}, filterValues ?? {});
  const offline = isPaused && (isPending || isPlaceholderData);
  // As react-admin's list: the empty page only when the first answer has no rows and nothing filters them.
  const emptyPage = !failed && !isPending && (total === 0 || (total == null && hasPreviousPage === false && hasNextPage === false && rows.length === 0)) && !Object.keys(filterValues ?? {}).length;
  return (
    <Box className="list-page" sx={[frame, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Title defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      {emptyPage ? (
        <div className="RaList-noResults">{empty}</div>
      ) : (
        // Busy until its first answer: assistive technology (and the screen sweep) wait for the rows rather than read an empty table.
        <div className="RaList-main" aria-busy={isPending || undefined}>
          <FilterContext.Provider value={filters}>
            <Box className="RaList-actions" sx={toolbar}>
              <Box sx={filterArea}>
                {search && <SearchBox />}
                {shown.length > 0 && (
                  <Suspense fallback={null}>
                    <FilterForm />
                  </Suspense>
                )}
              </Box>
              <span />
              {actions}
            </Box>
          </FilterContext.Provider>
          <Card className="RaList-content">{offline ? <Offline /> : failed ? error : children}</Card>
          {pagination}
        </div>
      )}
    </Box>
  );
};

/**
 * react-admin's `List`, with its view drawn here: the same title, toolbar, empty page, error and
 * paging, but a list that shows only its search box does not load the filter form (react-admin's
 * `ListToolbar` imports it whatever the list shows).
 */
export const ListFrame = ({ sort, perPage, ...view }: FrameProps & { sort: SortPayload; perPage: number }) => (
  <ListBase sort={sort} perPage={perPage} authLoading={<Loading />}>
    <FrameView {...view} />
  </ListBase>
);
