import { resourceCalls, type ResourceCalls } from '../../dataProvider/calls.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { MAX_FILES, MB, UPLOAD_KINDS } from '../../schemas/file.ts';

/**
 * The Markdown editor's pure parts (src/console/MarkdownInput.tsx): which call takes its uploads,
 * the link an uploaded file becomes, and where that link goes in the text.
 */

/** A file as the upload call answers it (server/handlers/files.ts). */
export interface UploadedFile {
  guid: string;
  name: string;
  image: boolean;
  /** Where the file is read back (`/open/file/{guid}`). */
  url: string;
}

/** The calls behind a form: the form's own resource when it is this definition's, else the definition's route. */
export const callsFor = (def: ConsoleDef, resource: string | undefined, fallback: string): ResourceCalls | undefined => {
  for (const route of [resource, fallback]) {
    if (!route) continue;
    try {
      const rc = resourceCalls(route);
      if (rc.def.name === def.name) return rc;
    } catch {
      // Not a registered route (a form rendered outside a resource).
    }
  }
  return undefined;
};

/** The segment of the mount's upload call: the call that takes a multipart form (`form: true`), if there is one. */
export const uploadCallOf = (rc: ResourceCalls | undefined): string | undefined =>
  rc ? Object.entries(rc.mount.calls).find(([, c]) => typeof c === 'object' && c.form)?.[0] : undefined;

/** Square brackets and backslashes escaped and line breaks flattened, so a file name cannot end the link text. */
const linkText = (name: string) => name.replace(/[\r\n]+/g, ' ').replace(/[\\[\]]/g, '\\$&');

/** `![name](url)` for an image (shown in the page), `[name](url)` for any other file (a download). */
export const markdownLink = (f: UploadedFile) => `${f.image ? '!' : ''}[${linkText(f.name)}](${f.url})`;

/**
 * `insert` placed at `at` (the caret) in `text`, or at the end on a line of its own when there is no
 * caret; answers the new text and the caret after the insertion. Nothing of `text` is dropped.
 */
export const insertAt = (text: string, at: number | undefined, insert: string) => {
  if (at === undefined || at < 0 || at >= text.length) {
    const sep = text && !text.endsWith('\n') ? '\n' : '';
    const next = `${text}${sep}${insert}`;
    return { text: next, caret: next.length };
  }
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length };
};

const extensions = (image: boolean) =>
  Object.entries(UPLOAD_KINDS).filter(([, k]) => k.image === image).map(([e]) => e.toUpperCase());
const largest = (image: boolean) => Math.max(...Object.values(UPLOAD_KINDS).filter((k) => k.image === image).map((k) => k.max)) / MB;

/** The parameters of the hint under the upload button, from the upload rules (schemas/file.ts). */
export const uploadRules = () => ({
  images: extensions(true).join(', '),
  image_mb: largest(true),
  files: extensions(false).join(', '),
  file_mb: largest(false),
  count: MAX_FILES,
});
