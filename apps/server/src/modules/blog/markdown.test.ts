import { describe, expect, it } from "vitest";
import type { ImageRow } from "../images/service.ts";
import { countWords, imageKeysIn, isAllowedUrl, renderMarkdown } from "./markdown.ts";

const KEY = "0123456789abcdef0123456789abcdef";
const images = new Map<string, ImageRow>([[KEY, { key: KEY, width: 1200, height: 800, widths: "320,640,1024,1200" }]]);
const PIPELINE_SRC = `/uploads/${KEY}-1024.webp`;

/**
 * The output's only markup may be these tags, exactly as the renderer writes them: no other tag,
 * no other attribute, no href outside http(s), mailto: and site paths, no picture outside the
 * image pipeline. Everything between tags is text in which `<`, `>` and `"` never appear raw and
 * every `&` starts one of the escapes.
 */
const ALLOWED_TAG = new RegExp(
  [
    "^<(?:",
    "/?(?:p|h2|h3|h4|strong|em|s|ul|li|a|ol|blockquote|pre|code|table|thead|tbody|tr|th|td)",
    '|ol start="\\d{1,9}"',
    '|t[hd] data-align="(?:left|center|right)"',
    "|hr|br",
    '|a href="(?:https?://[^\\s"<>/\\\\]|mailto:[^\\s"<>]|/(?![/\\\\]))[^\\s"<>]*"',
    '|img src="/uploads/[0-9a-f]{32}-\\d+\\.webp" alt="[^"<>]*" srcset="[^"<>]*" sizes="[^"<>]*" width="\\d+" height="\\d+" loading="lazy" decoding="async"',
    ")>",
  ].join(""),
  "i",
);
const VOID_TAGS = new Set(["hr", "br", "img"]);

function checkSafe(html: string): void {
  const stack: string[] = [];
  let text = "";
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf("<", i);
    text += html.slice(i, open === -1 ? html.length : open);
    if (open === -1) break;
    const tag = ALLOWED_TAG.exec(html.slice(open));
    if (!tag) throw new Error(`Unexpected markup at ${open}: ${html.slice(open, open + 60)}`);
    const name = /^<\/?([a-z0-9]+)/i.exec(tag[0])?.[1] ?? "";
    if (tag[0].startsWith("</")) {
      if (stack.pop() !== name) throw new Error(`Badly nested </${name}> in ${html}`);
    } else if (!VOID_TAGS.has(name)) {
      stack.push(name);
    }
    i = open + tag[0].length;
  }
  if (stack.length > 0) throw new Error(`Unclosed <${stack.join(">, <")}> in ${html}`);
  if (/[<>"]/.test(text)) throw new Error(`Raw markup characters in text: ${text}`);
  if (/&(?!(?:amp|lt|gt|quot|#39);)/.test(text)) throw new Error(`A bare & in text: ${text}`);
  // The href values were checked by ALLOWED_TAG; nothing can run from them either.
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
    expect(href).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
  }
}

function expectSafe(source: string): string {
  const html = renderMarkdown(source, { images });
  expect(() => checkSafe(html), source).not.toThrow();
  return html;
}

describe("renderMarkdown: CommonMark", () => {
  it("renders paragraphs separated by blank lines, keeping a line break within one", () => {
    expect(renderMarkdown("First line\nsame paragraph.\n\nSecond paragraph.")).toBe(
      "<p>First line\nsame paragraph.</p>\n<p>Second paragraph.</p>",
    );
    expect(renderMarkdown("  \n\n  one  \n\n\n\n two \n")).toBe("<p>one</p>\n<p>two</p>");
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown(" \n \n")).toBe("");
  });

  it("renders headings as h2 to h4 (the page's title is its one h1)", () => {
    expect(renderMarkdown("## What a COA shows\n### The panels")).toBe(
      "<h2>What a COA shows</h2>\n<h3>The panels</h3>",
    );
    expect(renderMarkdown("Intro\n## Heading right after text\nMore")).toBe(
      "<p>Intro</p>\n<h2>Heading right after text</h2>\n<p>More</p>",
    );
    expect(renderMarkdown("# One")).toBe("<h2>One</h2>");
    expect(renderMarkdown("#### Four\n###### Six")).toBe("<h4>Four</h4>\n<h4>Six</h4>");
    expect(renderMarkdown("##No space")).toBe("<p>##No space</p>");
    expect(renderMarkdown("##   Padded title   ")).toBe("<h2>Padded title</h2>");
    expect(renderMarkdown("## **Bold** heading")).toBe("<h2><strong>Bold</strong> heading</h2>");
  });

  it("renders bold and italic, nested either way", () => {
    expect(renderMarkdown("A **bold** and *italic* word.")).toBe(
      "<p>A <strong>bold</strong> and <em>italic</em> word.</p>",
    );
    expect(renderMarkdown("**a *b* c**")).toBe("<p><strong>a <em>b</em> c</strong></p>");
    expect(renderMarkdown("*a **b** c*")).toBe("<p><em>a <strong>b</strong> c</em></p>");
    expect(renderMarkdown("***both***")).toBe("<p><em><strong>both</strong></em></p>");
    expect(renderMarkdown("**one** **two**")).toBe("<p><strong>one</strong> <strong>two</strong></p>");
    expect(renderMarkdown("~~gone~~")).toBe("<p><s>gone</s></p>");
  });

  it("leaves unmatched or spaced asterisks as text", () => {
    expect(renderMarkdown("2 * 3 * 4")).toBe("<p>2 * 3 * 4</p>");
    expect(renderMarkdown("**not closed")).toBe("<p>**not closed</p>");
    expect(renderMarkdown("*not closed")).toBe("<p>*not closed</p>");
    expect(renderMarkdown("** spaced **")).toBe("<p>** spaced **</p>");
    expect(renderMarkdown("*a *")).toBe("<p>*a *</p>");
  });

  it("does not carry emphasis across paragraphs", () => {
    expect(renderMarkdown("**start\n\nend**")).toBe("<p>**start</p>\n<p>end**</p>");
  });

  it("renders links to http(s) addresses, mailto: and site paths", () => {
    expect(renderMarkdown("See [our COAs](/coas) or [the FDA](https://www.fda.gov/tobacco-products).")).toBe(
      '<p>See <a href="/coas">our COAs</a> or <a href="https://www.fda.gov/tobacco-products">the FDA</a>.</p>',
    );
    expect(renderMarkdown("[plain http](http://example.com)")).toBe(
      '<p><a href="http://example.com">plain http</a></p>',
    );
    expect(renderMarkdown("[home](/)")).toBe('<p><a href="/">home</a></p>');
    expect(renderMarkdown("[write](mailto:shop@example.com)")).toBe(
      '<p><a href="mailto:shop@example.com">write</a></p>',
    );
    expect(renderMarkdown("[kratom](/products?category=kratom&page=2)")).toBe(
      '<p><a href="/products?category=kratom&amp;page=2">kratom</a></p>',
    );
    expect(renderMarkdown("**[bold link](/a)** and *[em link](/b)*")).toBe(
      '<p><strong><a href="/a">bold link</a></strong> and <em><a href="/b">em link</a></em></p>',
    );
    expect(renderMarkdown("[**bold** inside](/a)")).toBe('<p><a href="/a"><strong>bold</strong> inside</a></p>');
  });

  it("keeps emphasis out of link targets", () => {
    expect(renderMarkdown("*[a](/x*y*z)*")).toBe('<p><em><a href="/x*y*z">a</a></em></p>');
  });

  it("turns links to anything else into their text", () => {
    for (const target of [
      "javascript:alert`1`",
      "javascript:alert(1)",
      "JAVASCRIPT:void",
      "ftp://host/file",
      "//evil.example",
      "relative/path",
      "data:text/html,x",
    ]) {
      expect(renderMarkdown(`[text](${target})`), target).toBe("<p>text</p>");
    }
    expect(renderMarkdown("<javascript:alert(1)>")).toBe("<p>javascript:alert(1)</p>");
    expect(renderMarkdown("<https://ok.example>")).toBe('<p><a href="https://ok.example">https://ok.example</a></p>');
  });

  it("renders bullet lists, with items continued on the next line", () => {
    expect(renderMarkdown("- one\n- two\n  still two\n- three")).toBe(
      "<ul>\n<li>one</li>\n<li>two\nstill two</li>\n<li>three</li>\n</ul>",
    );
    expect(renderMarkdown("Before:\n- a\n- b\n\nAfter.")).toBe(
      "<p>Before:</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<p>After.</p>",
    );
    expect(renderMarkdown("- **Bold** item with [a link](/coas)")).toBe(
      '<ul>\n<li><strong>Bold</strong> item with <a href="/coas">a link</a></li>\n</ul>',
    );
    expect(renderMarkdown("-no space")).toBe("<p>-no space</p>");
  });

  it("renders numbered lists and keeps their first number", () => {
    expect(renderMarkdown("1. one\n2. two\n3. three")).toBe("<ol>\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ol>");
    expect(renderMarkdown("4. four\n5. five")).toBe('<ol start="4">\n<li>four</li>\n<li>five</li>\n</ol>');
    expect(renderMarkdown("1.not a list")).toBe("<p>1.not a list</p>");
  });

  it("renders quotes, tables (alignment as data-align, never style) and code", () => {
    expect(renderMarkdown("> Lab tested.\n> **Every** batch.")).toBe(
      "<blockquote>\n<p>Lab tested.\n<strong>Every</strong> batch.</p>\n</blockquote>",
    );
    expect(renderMarkdown("| Strain | THC |\n|:--|--:|\n| Maeng Da | 0.1 % |")).toBe(
      [
        "<table>",
        "<thead>",
        "<tr>",
        '<th data-align="left">Strain</th>',
        '<th data-align="right">THC</th>',
        "</tr>",
        "</thead>",
        "<tbody>",
        "<tr>",
        '<td data-align="left">Maeng Da</td>',
        '<td data-align="right">0.1 %</td>',
        "</tr>",
        "</tbody>",
        "</table>",
      ].join("\n"),
    );
    expect(renderMarkdown("Use `npm ci`.\n\n---")).toBe("<p>Use <code>npm ci</code>.</p>\n<hr>");
  });

  it("shows pictures from the image pipeline only, with their renditions and size", () => {
    expect(renderMarkdown(`![A jar of *kratom*](${PIPELINE_SRC})`, { images })).toBe(
      `<p><img src="${PIPELINE_SRC}" alt="A jar of kratom" srcset="/uploads/${KEY}-320.webp 320w, /uploads/${KEY}-640.webp 640w, /uploads/${KEY}-1024.webp 1024w, /uploads/${KEY}-1200.webp 1200w" sizes="(min-width: 768px) 48rem, 100vw" width="1200" height="800" loading="lazy" decoding="async"></p>`,
    );
    // A key the shop has not stored, another site's picture, a data: URL: the alt text stays.
    for (const src of [
      `/uploads/${"f".repeat(32)}-1024.webp`,
      "https://evil.example/x.png",
      "data:image/png;base64,AAAA",
      `/uploads/${KEY}-1024.webp?x=1`,
      `//evil.example/uploads/${KEY}-1024.webp`,
    ]) {
      expect(renderMarkdown(`![alt words](${src})`, { images }), src).toBe("<p>alt words</p>");
    }
    expect(renderMarkdown(`![](https://evil.example/x.png)`, { images })).toBe("<p></p>");
    expect(imageKeysIn(`![a](${PIPELINE_SRC}) ![b](${PIPELINE_SRC}) /uploads/${"e".repeat(32)}-320.webp`)).toEqual([
      KEY,
      "e".repeat(32),
    ]);
  });

  it("normalises line breaks and drops control characters", () => {
    expect(renderMarkdown("a\r\nb\r\rc\u0000d\u0007e")).toBe("<p>a\nb</p>\n<p>cde</p>");
  });

  it("renders a whole post", () => {
    const html = expectSafe(
      [
        "Intro with **bold**, *italic* and [a link](https://example.com/a?b=c).",
        "",
        "## Section",
        "",
        "- first",
        "- second",
        "",
        "### Steps",
        "",
        "1. open",
        "2. read",
        "",
        "> A quote.",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
        "",
        `![A picture](${PIPELINE_SRC})`,
        "",
        "Closing.",
      ].join("\n"),
    );
    expect(html.match(/<(p|h2|h3|ul|ol|blockquote|table|img)[ >]/g)).toEqual([
      "<p>",
      "<h2>",
      "<ul>",
      "<h3>",
      "<ol>",
      "<blockquote>",
      "<p>",
      "<table>",
      "<p>",
      "<img ",
      "<p>",
    ]);
  });
});

describe("renderMarkdown: hostile input", () => {
  it("(the safety check itself refuses markup the renderer must never write)", () => {
    for (const bad of [
      "<script>alert(1)</script>",
      '<p onclick="alert(1)">a</p>',
      '<a href="javascript:alert(1)">a</a>',
      '<a href="//evil.example">a</a>',
      '<a href="/x" onclick="y">a</a>',
      "<p><em>a</p></em>",
      "<p>a",
      '<p>a "quoted" b</p>',
      "<p>&copy;</p>",
      "<img src=x>",
    ]) {
      expect(() => checkSafe(bad), bad).toThrow();
    }
    expect(() => checkSafe('<p><a href="/x">a &amp; b</a></p>')).not.toThrow();
  });

  const corpus = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<scr<script>ipt>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<img src=x onerror=alert(1)//",
    '<svg onload=alert(1)><a xlink:href="javascript:alert(1)">x</a></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    "<a href='javascript:alert(1)'>click</a>",
    '<p style="background:url(javascript:alert(1))">x</p>',
    "<!-- <script>alert(1)</script> -->",
    "<![CDATA[<script>alert(1)</script>]]>",
    '<math><mi xlink:href="data:x,<script>alert(1)</script>">',
    "[click](javascript:alert(1))",
    "[click](javascript:alert`1`)",
    "[click](JaVaScRiPt:alert)",
    "[click]( javascript:alert)",
    "[click](java\tscript:alert)",
    "[click](java\u0000script:alert)",
    "[click](&#106;avascript:alert)",
    "[click](&#x6A;avascript:alert)",
    "[click](/&#106;avascript:alert)",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox)",
    '[click](https://ok.example/"onmouseover="alert)',
    "[click](https://ok.example/'onmouseover='alert)",
    '[click](/x" onclick="alert)',
    "[click](/x><script>alert)</script>",
    "[click](https://ok.example/<script>alert</script>)",
    "[<img src=x onerror=alert(1)>](/safe)",
    "[a [nested] link](/x)",
    "[[double]](/x)",
    "[a](/x)(/y)]",
    "[a](</x>)",
    "[**a](/x)**",
    '**<b onmouseover="alert(1)">bold</b>**',
    "*<i>x</i>*",
    "## <h1>heading</h1>",
    "- <li onclick=alert(1)>item</li>",
    "1. <ol><li>x</li></ol>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;script&#62;alert(1)&#60;/script&#62;",
    "&amp;lt;script&amp;gt;",
    "&#x3C;img src=x onerror=alert(1)&#x3E;",
    "&",
    "AT&T, 5 > 3 < 4, \"quoted\" and 'single'",
    "\\<script>alert(1)\\</script>",
    "`<script>alert(1)</script>`",
    "```\n<script>alert(1)</script>\n```",
    "    <script>alert(1)</script>",
    "> <script>alert(1)</script>",
    "<style>body{display:none}</style>",
    '<form action="https://evil.example"><input name=x></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    "javascript:alert(1)",
    "https://ok.example/<script>",
  ];

  it.each(corpus)("%j renders as text, not markup", (source) => {
    const html = expectSafe(source);
    expect(html.toLowerCase()).not.toMatch(/<(?:script|img|svg|iframe|style|form|meta|math|b|i|h1)[\s>/]/);
    expect(html).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/href="\s*(?:javascript|data|vbscript):/i);
  });

  // CommonMark decodes entities to text, which is escaped again: what the source spelt as an
  // entity shows as the character, never as markup (the subset of decision 009 showed the entity).
  it("decodes the source's entities to text, so none becomes markup", () => {
    expect(renderMarkdown("&lt;script&gt;")).toBe("<p>&lt;script&gt;</p>");
    expect(renderMarkdown("&#60;b&#62;")).toBe("<p>&lt;b&gt;</p>");
    expect(renderMarkdown("&amp;lt;b&amp;gt;")).toBe("<p>&amp;lt;b&amp;gt;</p>");
  });

  // CommonMark percent-encodes a quote in a target (the subset wrote it as &quot;).
  it("keeps quotes inside an allowed target from ending the attribute", () => {
    expect(renderMarkdown('[x](https://ok.example/"onmouseover="alert)')).toBe(
      '<p><a href="https://ok.example/%22onmouseover=%22alert">x</a></p>',
    );
    expect(renderMarkdown("[x](/a'b)")).toBe('<p><a href="/a\'b">x</a></p>');
  });

  it("keeps raw HTML inside tables, quotes, code and picture text as text", () => {
    for (const source of [
      "| <script>alert(1)</script> | x |\n|---|---|\n| <img src=x onerror=alert(1)> | [a](javascript:b) |",
      "> <iframe src=javascript:alert(1)>\n> [q](data:text/html,x)",
      '![<img src=x onerror="alert(1)">](javascript:alert(1))',
      `![x" onerror="alert(1)](${PIPELINE_SRC})`,
      `[![a](${PIPELINE_SRC})](javascript:alert(1))`,
      '| a |\n|---|\n| b |\n\n<table style="x">',
    ]) {
      const html = expectSafe(source);
      // Attribute values emptied first: an escaped quote inside one (alt="x&quot; onerror=…") is text.
      const tags = html.replace(/"[^"]*"/g, '""');
      expect(tags).not.toMatch(/<(?:script|iframe)|<[a-z]+[^>]*\s(?:on[a-z]+|style)=/i);
      expect(html).not.toMatch(/href="javascript/i);
    }
  });

  it("survives random mixtures of every construct and attack", () => {
    const tokens = [
      "*",
      "**",
      "***",
      "[",
      "]",
      "(",
      ")",
      "](",
      "<",
      ">",
      '"',
      "'",
      "&",
      "#",
      "## ",
      "### ",
      "- ",
      "1. ",
      "\n",
      "\n\n",
      " ",
      "  ",
      "a",
      "word",
      "javascript:",
      "data:",
      "https://",
      "http://",
      "/",
      "//",
      "<script>",
      "</a>",
      "onerror=",
      "&amp;",
      "&#39;",
      "\t",
      "\r",
      "\u0000",
    ];
    let seed = 20261121;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let run = 0; run < 3000; run++) {
      const length = 1 + Math.floor(random() * 40);
      const source = Array.from({ length }, () => tokens[Math.floor(random() * tokens.length)]).join("");
      expectSafe(source);
    }
  });

  it("stays fast on pathological input", () => {
    const started = performance.now();
    for (const source of [
      "*a ".repeat(50_000),
      "*a* ".repeat(50_000),
      "**".repeat(50_000),
      `${"*a **b ".repeat(20_000)}${" c** d*".repeat(20_000)}`,
      `${"[".repeat(50_000)}](${"a".repeat(50_000)}`,
      "[a](b".repeat(30_000),
      "- x\n".repeat(30_000),
    ]) {
      expectSafe(source);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("helpers", () => {
  it("isAllowedUrl allows http(s) with a host, mailto: and site paths only", () => {
    for (const url of [
      "https://a.example",
      "HTTP://A.EXAMPLE/x",
      "/",
      "/coas",
      "/blog/guides?page=2",
      "mailto:a@b.c",
    ]) {
      expect(isAllowedUrl(url), url).toBe(true);
    }
    for (const url of [
      "javascript:x",
      "data:x",
      "//a.example",
      "/\\a.example",
      "https://",
      "https:///x",
      "#top",
      "x",
      "mailto:",
    ]) {
      expect(isAllowedUrl(url), url).toBe(false);
    }
  });

  it("countWords counts words, not punctuation", () => {
    expect(countWords("## A heading\n\n- one, two\n- **three** — 4")).toBe(6);
  });
});
