/** One line of a diff: kept (`=`), added (`+`) or removed (`-`). */
export interface DiffLine {
  op: '=' | '+' | '-';
  text: string;
}

/** Past this many lines on both sides a diff is the whole of each side: an LCS table would be too large. */
const MAX_CELLS = 4_000_000;

/**
 * The line diff between two versions of a document (longest common subsequence), for the history
 * screen: what a save removed and added, in order.
 */
export const lineDiff = (before: string, after: string): DiffLine[] => {
  const a = before.split('\n');
  const b = after.split('\n');
  // Common head and tail first: most saves change a few lines in the middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const middle: DiffLine[] = [];
  if ((x.length + 1) * (y.length + 1) > MAX_CELLS) {
    middle.push(...x.map((text) => ({ op: '-' as const, text })), ...y.map((text) => ({ op: '+' as const, text })));
  } else {
    const w = y.length + 1;
    const lcs = new Uint32Array((x.length + 1) * w);
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--) lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ op: '=', text: x[i] });
        i++;
        j++;
      } else if (j < y.length && (i === x.length || lcs[i * w + j + 1] > lcs[(i + 1) * w + j])) middle.push({ op: '+', text: y[j++] });
      else middle.push({ op: '-', text: x[i++] });
    }
  }
  return [...a.slice(0, head).map((text) => ({ op: '=' as const, text })), ...middle, ...a.slice(a.length - tail).map((text) => ({ op: '=' as const, text }))];
};
