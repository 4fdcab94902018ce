import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { ApiTable } from '../../public/ApiTable.tsx';
import { useLang } from '../../shell/LangContext.tsx';
import { tokens } from '../../shell/tokens.ts';
import { LANGUAGES, type Lang } from '../../../i18n/languages.ts';

/** The server's placeholder for an embedded table (server/docs/markdown.ts): the only markup of ours in a document. */
const TABLE = /<div data-api-table="(api|event)" data-code="([a-z0-9:._-]+)"><\/div>\n?/g;

/**
 * A document's HTML as the server rendered and sanitised it, with its embedded API tables in place.
 * The HTML is cut at the tables' placeholders (block level, so every piece is whole). `lang` is the
 * language the text is written in (a document not yet translated is the default language's).
 */
export const DocBody = ({ html, lang }: { html: string; lang: Lang }) => {
  const { t } = useLang();
  const navigate = useNavigate();
  const parts = html.split(TABLE);
  const pieces = [];
  for (let i = 0; i < parts.length; i += 3) {
    pieces.push(<div key={`h${i}`} dangerouslySetInnerHTML={{ __html: parts[i] }} />);
    if (i + 2 < parts.length) {
      const kind = parts[i + 1] as 'api' | 'event';
      pieces.push(
        <Box key={`t${i}`} sx={{ my: 3 }}>
          <ApiTable code={parts[i + 2]} kind={kind} label={t(kind === 'api' ? 'docs.apis' : 'docs.events')} />
        </Box>,
      );
    }
  }
  return (
    <Box
      className="doc-body"
      data-testid="doc-body"
      lang={LANGUAGES[lang]}
      // A link to a page of this site stays in the app (no reload); others behave as links do.
      onClick={(e) => {
        const a = (e.target as HTMLElement).closest('a');
        const href = a?.getAttribute('href');
        if (!a || !href?.startsWith('/') || a.target || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(href);
      }}
      sx={{
        fontSize: '1rem',
        lineHeight: 1.75,
        '& h1, & h2, & h3, & h4': { scrollMarginTop: 80, lineHeight: 1.3, mt: 4, mb: 1.5 },
        '& h1': { fontSize: '1.75rem' },
        '& h2': { fontSize: '1.4rem', pb: 0.5, borderBottom: 1, borderColor: 'divider' },
        '& h3': { fontSize: '1.15rem' },
        '& a': { color: 'primary.main' },
        '& code': { fontFamily: tokens.font.mono, fontSize: '0.875em', bgcolor: 'action.hover', px: 0.5, py: 0.25, borderRadius: 0.5 },
        '& pre': { bgcolor: tokens.colour.ink, color: '#e8edf5', p: 2, borderRadius: `${tokens.radius.small}px`, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', color: 'inherit', p: 0 },
        '& table': { borderCollapse: 'collapse', width: '100%', my: 2, display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
        '& blockquote': { m: 0, my: 2, pl: 2, borderLeft: 4, borderColor: 'primary.main', color: 'text.secondary' },
        '& img': { maxWidth: '100%' },
      }}
    >
      {pieces}
    </Box>
  );
};
