import { insertText } from "../../../lib/insert-text.ts";

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
  return insertText(text, start, end, `{{${name}}}`, block);
}
