/**
 * The blog's Markdown subset, rendered to HTML on the server (security.md 21).
 *
 * The whole source is HTML-escaped first; only then are the allowed tags added, so nothing in
 * the source can become a tag, an attribute or an entity. The subset:
 *
 * - paragraphs (separated by a blank line), `## ` and `### ` headings
 * - `**bold**` and `*italic*`
 * - `[text](https://…)`, `[text](http://…)` and `[text](/path)`; any other target (javascript:,
 *   data:, mailto:, `//host`) leaves only the text
 * - `- ` bullet lists and `1. ` numbered lists (an item continues on lines that follow it)
 *
 * Everything else is plain text. Output tags: p, h2, h3, strong, em, a href, ul, ol start, li.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Line breaks as \n; control characters other than tab and newline dropped (NUL marks links below). */
function normalize(source: string): string {
  return source.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n\t]/gu, "");
}

/** Link targets allowed: http(s) with a host, or a path on this site (not `//host`, which leaves it). */
const ALLOWED_URL = /^(?:https?:\/\/[^\s/\\]|\/(?![/\\]))/i;

export function isAllowedUrl(url: string): boolean {
  return ALLOWED_URL.test(url);
}

interface Paragraph {
  kind: "p";
  lines: string[];
}
interface Heading {
  kind: "h2" | "h3";
  text: string;
}
interface List {
  kind: "ul" | "ol";
  start: number;
  items: string[];
}
type Block = Paragraph | Heading | List;

const HEADING = /^ {0,3}(#{2,3})[ \t]+(.*\S)[ \t]*$/;
const BULLET = /^ {0,3}-[ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})\.[ \t]+(.*)$/;

function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Paragraph | null = null;
  let list: List | null = null;
  let blankAfterItem = false;

  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") {
      paragraph = null;
      if (list) blankAfterItem = true;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: heading[1] === "##" ? "h2" : "h3", text: heading[2] ?? "" });
      paragraph = null;
      list = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      const item = (bullet ? bullet[1] : numbered?.[2])?.trim() ?? "";
      if (list !== null && list.kind === kind) {
        list.items.push(item);
      } else {
        list = { kind, start: numbered ? Number(numbered[1]) : 1, items: [item] };
        blocks.push(list);
      }
      paragraph = null;
      blankAfterItem = false;
      continue;
    }
    if (list && !blankAfterItem) {
      // A line right after an item, indented or not, continues that item.
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last]} ${trimmed}`;
      continue;
    }
    list = null;
    if (paragraph) {
      paragraph.lines.push(trimmed);
    } else {
      paragraph = { kind: "p", lines: [trimmed] };
      blocks.push(paragraph);
    }
  }
  return blocks;
}

/** Emphasis nests at most this deep; deeper markers stay as plain asterisks. */
const MAX_EMPHASIS_DEPTH = 4;

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * `**strong**` and `*em*` on escaped text. Each pair's content is rendered on its own, so the
 * tags always nest properly. A failed search for a closer is remembered, which keeps a line of
 * unmatched asterisks linear rather than quadratic.
 */
function emphasis(text: string, depth: number): string {
  if (depth > MAX_EMPHASIS_DEPTH || !text.includes("*")) return text;

  const runs: { start: number; length: number }[] = [];
  for (let i = text.indexOf("*"); i !== -1; ) {
    let end = i;
    while (text[end] === "*") end++;
    runs.push({ start: i, length: end - i });
    i = text.indexOf("*", end);
  }
  const noCloserFrom = { 1: Number.POSITIVE_INFINITY, 2: Number.POSITIVE_INFINITY };
  /** Where the closing `*` or `**` for content starting at `from` is, or -1. */
  function closer(from: number, size: 1 | 2): number {
    if (from >= noCloserFrom[size]) return -1;
    let low = 0;
    let high = runs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((runs[middle]?.start ?? 0) < from) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < runs.length; index++) {
      const run = runs[index];
      if (!run || isSpace(text[run.start - 1])) continue;
      // A closer is the end of a run; a single `*` skips runs of exactly two, which are a nested `**`.
      if (size === 2 && run.length >= 2) return run.start + run.length - 2;
      if (size === 1 && run.length !== 2) return run.start + run.length - 1;
    }
    noCloserFrom[size] = from;
    return -1;
  }

  let out = "";
  let i = 0;
  while (i < text.length) {
    const star = text.indexOf("*", i);
    if (star === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, star);
    let end = star;
    while (text[end] === "*") end++;
    // An opener is followed by something other than white space.
    if (isSpace(text[end])) {
      out += text.slice(star, end);
      i = end;
      continue;
    }
    if (end - star >= 2) {
      const close = closer(star + 2, 2);
      if (close !== -1) {
        out += `<strong>${emphasis(text.slice(star + 2, close), depth + 1)}</strong>`;
        i = close + 2;
        continue;
      }
    }
    // The run's last asterisk may still open an em; the others are plain text.
    out += text.slice(star, end - 1);
    const close = closer(end, 1);
    if (close !== -1) {
      out += `<em>${emphasis(text.slice(end, close), depth + 1)}</em>`;
      i = close + 1;
    } else {
      out += "*";
      i = end;
    }
  }
  return out;
}

/** `[text](target)`: text without brackets, target without spaces or parentheses. */
const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/g;
const MARK = "\u0000";

/** Links, bold and italic on escaped text. */
function inline(text: string): string {
  const pieces: string[] = [];
  // Links first, each replaced by a marker, so emphasis never reaches inside a link or its target.
  const marked = text.replace(LINK, (_match, label: string, url: string) => {
    const content = emphasis(label, 0);
    pieces.push(isAllowedUrl(url) ? `<a href="${url}">${content}</a>` : content);
    return `${MARK}${pieces.length - 1}${MARK}`;
  });
  if (pieces.length === 0) return emphasis(marked, 0);
  return emphasis(marked, 0)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? (pieces[Number(part)] ?? "") : part))
    .join("");
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case "p":
      return `<p>${inline(block.lines.join("\n"))}</p>`;
    case "h2":
    case "h3":
      return `<${block.kind}>${inline(block.text)}</${block.kind}>`;
    case "ul":
    case "ol": {
      const start = block.kind === "ol" && block.start !== 1 ? ` start="${block.start}"` : "";
      const items = block.items.map((item) => `<li>${inline(item)}</li>`).join("\n");
      return `<${block.kind}${start}>\n${items}\n</${block.kind}>`;
    }
  }
}

/** The post's Markdown source as safe HTML. */
export function renderMarkdown(source: string): string {
  return parseBlocks(escapeHtml(normalize(source)))
    .map(renderBlock)
    .join("\n");
}

/** The source's words, for a reading-time estimate and for the demo posts' length check. */
export function countWords(source: string): number {
  return source.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
