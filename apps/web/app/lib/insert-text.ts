/**
 * The text with `inserted` put in place of the selection (or at the cursor), and where the cursor
 * goes after it. A block gets a paragraph of its own: an empty line before and after it, without
 * doubling the ones already there.
 */
export function insertText(
  text: string,
  start: number,
  end: number,
  inserted: string,
  block: boolean,
): { value: string; cursor: number } {
  let before = text.slice(0, start);
  let after = text.slice(end);
  let middle = inserted;
  if (block) {
    before = before.replace(/\s*$/, "");
    after = after.replace(/^\s*/, "");
    middle = `${before ? "\n\n" : ""}${inserted}${after ? "\n\n" : ""}`;
  }
  return { value: before + middle + after, cursor: before.length + middle.length };
}
