import { STORE_NAME } from "@shop/shared";
import type { MailMessage } from "./service.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

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
}

/** One layout for every e-mail the shop sends: plain text and simple, inline-styled HTML. */
export function letter({ to, subject, greeting, paragraphs, table = [], action, after }: Letter): MailMessage {
  const text = [
    greeting,
    ...paragraphs,
    ...(table.length ? [table.map(([label, value]) => `${label}: ${value}`).join("\n")] : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    `— ${STORE_NAME}`,
  ].join("\n\n");
  const p = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#14532d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f2;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#14532d">${escapeHtml(STORE_NAME)}</p>
${[greeting, ...paragraphs].map(p).join("\n")}
${table.length ? `<table style="width:100%;border-collapse:collapse;margin:0 0 16px">${table.map(([label, value]) => `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`).join("")}</table>` : ""}
${button}
${after.map(p).join("\n")}
<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(STORE_NAME)} sells age-restricted products to adults only.</p>
</div></body></html>`;
  return { to, subject, text, html, link: action?.url };
}
