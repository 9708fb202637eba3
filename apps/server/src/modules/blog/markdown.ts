import MarkdownIt, { type Token } from "markdown-it";
import { type ImageRow, toImage } from "../images/service.ts";

/**
 * Blog posts: CommonMark (markdown-it) rendered to HTML on the server only, so that what staff
 * write cannot run script in a buyer's browser (decision 058, which amends 009).
 *
 * - Raw HTML is off: every `<` in the source is text. Entities decode to text and are escaped again.
 * - Tables, blockquotes, code, rules and ~~strikethrough~~ are on; linkify and typographer are off.
 * - Headings are h2 to h4: `#` becomes h2 (the page's title is its one h1), `#####` and `######` h4.
 * - A link keeps its target only if isAllowedUrl says so; otherwise only its text stays.
 * - A picture shows only from the shop's image pipeline (`/uploads/<key>-<width>.webp`, a key the
 *   caller knows); any other picture leaves its alt text.
 * - Table cells carry their alignment as `data-align`, never a style attribute (the CSP forbids them).
 */

const markdown = new MarkdownIt("commonmark", {
  html: false,
  xhtmlOut: false,
  linkify: false,
  typographer: false,
}).enable(["table", "strikethrough"]);
// Every link reaches the core rule below, which decides; the built-in check would leave a refused
// link as its raw `[text](target)` source.
markdown.validateLink = () => true;

/**
 * Link targets allowed: http(s) with a host, mailto:, or a path on this site (not `//host`, which
 * leaves it, nor `/\host`, which browsers read the same way).
 */
const ALLOWED_URL = /^(?:https?:\/\/[^\s/\\]|mailto:[^\s]|\/(?![/\\]))/i;

export function isAllowedUrl(url: string): boolean {
  return ALLOWED_URL.test(url);
}

/** A picture's address in the image pipeline: the stored image's key and one rendition's width. */
const PIPELINE_IMAGE = /^\/uploads\/([0-9a-f]{32})-(\d{1,5})\.webp$/;

/** The keys of the pipeline pictures a source names, for the caller to look up before rendering. */
export function imageKeysIn(source: string): string[] {
  return [...new Set([...source.matchAll(/\/uploads\/([0-9a-f]{32})-\d{1,5}\.webp/g)].map((match) => match[1] ?? ""))];
}

export interface RenderOptions {
  /** The stored images the post may show, by key; a picture whose key is not here shows its alt text. */
  images?: ReadonlyMap<string, ImageRow>;
}

/** What a render passes to the core rule below (markdown-it's env). */
interface Env {
  images?: ReadonlyMap<string, ImageRow> | undefined;
  [name: string | symbol]: unknown;
}

const HEADING_LEVELS: Record<string, string> = { h1: "h2", h2: "h2", h3: "h3", h4: "h4", h5: "h4", h6: "h4" };

function textToken(state: { Token: typeof Token }, content: string): Token {
  const token = new state.Token("text", "", 0);
  token.content = content;
  return token;
}

function checkInline(children: Token[], state: { Token: typeof Token }, env: Env): Token[] {
  const out: Token[] = [];
  // The link_open tokens refused so far, whose link_close is dropped too (links do not nest).
  let refusedLinks = 0;
  for (const token of children) {
    if (token.type === "link_open") {
      if (isAllowedUrl(String(token.attrGet("href") ?? ""))) {
        out.push(token);
      } else {
        refusedLinks++;
      }
      continue;
    }
    if (token.type === "link_close" && refusedLinks > 0) {
      refusedLinks--;
      continue;
    }
    if (token.type === "image") {
      const match = PIPELINE_IMAGE.exec(String(token.attrGet("src") ?? ""));
      const stored = match?.[1] ? env.images?.get(match[1]) : undefined;
      const alt = (token.children ?? []).map((child) => child.content).join("");
      if (!stored) {
        if (alt) out.push(textToken(state, alt));
        continue;
      }
      const image = toImage(stored, alt);
      token.attrs = [
        ["src", match?.[0] ?? image.src],
        ["alt", ""],
        ["srcset", image.srcSet],
        ["sizes", "(min-width: 768px) 48rem, 100vw"],
        ["width", String(image.width)],
        ["height", String(image.height)],
        ["loading", "lazy"],
        ["decoding", "async"],
      ];
      out.push(token);
      continue;
    }
    out.push(token);
  }
  return out;
}

markdown.core.ruler.push("shop_policy", (state) => {
  const env = state.env as Env;
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") {
      token.tag = HEADING_LEVELS[token.tag] ?? "h4";
    } else if (token.type === "th_open" || token.type === "td_open") {
      const align = /text-align:(left|center|right)/.exec(String(token.attrGet("style") ?? ""))?.[1];
      token.attrs = align ? [["data-align", align]] : null;
    } else if (token.type === "inline" && token.children) {
      token.children = checkInline(token.children, state, env);
    }
  }
});

/** Line breaks as \n; control characters other than tab and newline dropped. */
function normalize(source: string): string {
  return source.replace(/\r\n?/g, "\n").replace(/[^\P{Cc}\n\t]/gu, "");
}

/** The post's Markdown source as safe HTML. */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const env: Env = { images: options.images };
  return markdown.render(normalize(source), env).trimEnd();
}

/** The source's words, for a reading-time estimate and for the demo posts' length check. */
export function countWords(source: string): number {
  return source.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
