import { STORE_NAME } from "@shop/shared";
import type { MailMessage } from "./service.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** One part of a letter, in order: a paragraph, a box of lines (an order's lines and totals), or the action button. */
export type LetterBlock =
  | { type: "paragraph"; text: string }
  | { type: "table"; rows: readonly (readonly [string, string])[] }
  | { type: "button"; label: string; url: string };

export interface Letter {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Lines set apart in a box (an order's lines and totals, payment instructions), each as text. */
  table?: [string, string][];
  action?: { label: string; url: string };
  /** After the button: how long the link lasts, what to do if this was not you. */
  after: string[];
  /** The shop's name as staff set it (Settings > Store profile); the demo shop's when not given. */
  shopName?: string | undefined;
}

/** One layout for every e-mail the shop sends: plain text and simple, inline-styled HTML. */
export function letter({
  to,
  subject,
  greeting,
  paragraphs,
  table = [],
  action,
  after,
  shopName,
}: Letter): MailMessage {
  const paragraph = (text: string): LetterBlock => ({ type: "paragraph", text });
  return layout(
    to,
    subject,
    [
      ...[greeting, ...paragraphs].map(paragraph),
      ...(table.length ? [{ type: "table", rows: table } as const] : []),
      ...(action ? [{ type: "button", ...action } as const] : []),
      ...after.map(paragraph),
    ],
    shopName,
  );
}

/**
 * The layout itself: every text is escaped here, whoever wrote it (the code or staff's template),
 * so no value reaches the HTML as markup. A paragraph's line breaks are kept.
 */
export function layout(
  to: string,
  subject: string,
  blocks: readonly LetterBlock[],
  shopName: string = STORE_NAME,
): MailMessage {
  const text = [
    ...blocks.map((block) =>
      block.type === "paragraph"
        ? block.text
        : block.type === "table"
          ? block.rows.map(([label, value]) => `${label}: ${value}`).join("\n")
          : `${block.label}: ${block.url}`,
    ),
    `— ${shopName}`,
  ].join("\n\n");
  const p = (line: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line).replace(/\n/g, "<br>")}</p>`;
  const html = blocks
    .map((block) => {
      if (block.type === "paragraph") return p(block.text);
      if (block.type === "table") {
        return `<table style="width:100%;border-collapse:collapse;margin:0 0 16px">${block.rows.map(([label, value]) => `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right;white-space:${value.length > 24 ? "normal" : "nowrap"}">${escapeHtml(value)}</td></tr>`).join("")}</table>`;
      }
      return `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#14532d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(block.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(block.url)}</span></p>`;
    })
    .join("\n");
  const link = blocks.find((block) => block.type === "button")?.url;
  return {
    to,
    subject,
    text,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14532d">${escapeHtml(shopName)}</p>
${html}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(shopName)} sells age-restricted products to adults only.</p>
</div></body></html>`,
    ...(link ? { link } : {}),
  };
}
