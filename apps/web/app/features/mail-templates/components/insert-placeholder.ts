/**
 * The text with `{{name}}` put in place of the selection (or at the cursor), and where the cursor
 * goes after it. A table (a block placeholder) gets a paragraph of its own: an empty line before
 * and after it, without doubling the ones already there.
 */
export function insertPlaceholder(
  text: string,
  start: number,
  end: number,
  name: string,
  block: boolean,
): { value: string; cursor: number } {
  let before = text.slice(0, start);
  let after = text.slice(end);
  let inserted = `{{${name}}}`;
  if (block) {
    before = before.replace(/\s*$/, "");
    after = after.replace(/^\s*/, "");
    inserted = `${before ? "\n\n" : ""}${inserted}${after ? "\n\n" : ""}`;
  }
  return { value: before + inserted + after, cursor: before.length + inserted.length };
}
