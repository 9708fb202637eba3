import { type LetterBlock, layout } from "./letter.ts";
import type { MailMessage } from "./service.ts";

/** A placeholder's value: text, or for a block placeholder the rows of a table. */
export type MailValue = string | readonly (readonly [string, string])[];
export type MailValues = Readonly<Record<string, MailValue | undefined>>;

export interface PlaceholderSpec {
  name: string;
  description: string;
  /** A table ({{lines}}): stands alone in its paragraph, never in the subject. */
  block?: boolean;
}

export interface TemplateText {
  subject: string;
  body: string;
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** A paragraph that is only `[label](address)` is the letter's button. */
const BUTTON = /^\[([^\]\n]+)\]\(\s*([^()\s]+)\s*\)$/;
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

const paragraphsOf = (body: string) =>
  body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The placeholders a text names, in order. */
export const namesIn = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");

/**
 * What is wrong with a template for these placeholders, by field, in words (empty when nothing):
 * a placeholder the e-mail does not have, a table in the subject or inside a sentence, a button
 * that leads nowhere. Checked before saving, so the shop's e-mails never carry a stray {{…}}.
 */
export function templateProblems(
  placeholders: readonly PlaceholderSpec[],
  template: TemplateText,
): Partial<Record<keyof TemplateText, string>> {
  const known = new Map(placeholders.map((placeholder) => [placeholder.name, placeholder]));
  const problems: Partial<Record<keyof TemplateText, string>> = {};
  const unknown = (text: string) => namesIn(text).find((name) => !known.has(name));
  const listed = "Use one of those listed beside the editor.";

  const inSubject = unknown(template.subject);
  if (inSubject !== undefined) {
    problems.subject = `{{${inSubject}}} is not a placeholder of this e-mail. ${listed}`;
  } else {
    const block = namesIn(template.subject).find((name) => known.get(name)?.block);
    if (block) problems.subject = `{{${block}}} is a table and cannot be in the subject.`;
  }

  const inBody = unknown(template.body);
  if (inBody !== undefined) {
    problems.body = `{{${inBody}}} is not a placeholder of this e-mail. ${listed}`;
    return problems;
  }
  for (const paragraph of paragraphsOf(template.body)) {
    const blocks = namesIn(paragraph).filter((name) => known.get(name)?.block);
    if (blocks.length > 0 && !new RegExp(`^\\{\\{\\s*${blocks[0]}\\s*\\}\\}$`).test(paragraph)) {
      problems.body = `{{${blocks[0]}}} is a table: put it alone in its paragraph, with an empty line before and after it.`;
      return problems;
    }
    const button = BUTTON.exec(paragraph);
    if (button) {
      const target = button[2] ?? "";
      const onlyPlaceholder = /^\{\{\s*[^{}]*?\s*\}\}$/.test(target);
      if (!onlyPlaceholder && !WEB_ADDRESS.test(target)) {
        problems.body = `The button [${button[1]}] must lead to a placeholder such as {{orderUrl}} or to an address starting with https://.`;
        return problems;
      }
    }
  }
  return problems;
}

/** The text with each placeholder replaced by its value; a missing value is empty text. */
function fill(text: string, values: MailValues): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  });
}

/**
 * Renders an e-mail from a template and the values of its placeholders. Values go in as text: the
 * layout escapes every one of them (and the template's own words) in the HTML part, and the text
 * part has them as they are. A paragraph left empty (an optional sentence with no value) is left out.
 * `required`: paragraphs the law asks for, added after the template's whatever it says.
 */
export function renderTemplate(
  to: string,
  template: TemplateText,
  values: MailValues,
  required: readonly string[] = [],
): MailMessage {
  const subject = fill(template.subject, values)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .trim();
  const blocks: LetterBlock[] = [];
  for (const paragraph of paragraphsOf(template.body)) {
    const alone = /^\{\{\s*([^{}]*?)\s*\}\}$/.exec(paragraph);
    const value = alone ? values[alone[1] ?? ""] : undefined;
    if (Array.isArray(value)) {
      if (value.length > 0) blocks.push({ type: "table", rows: value });
      continue;
    }
    const button = BUTTON.exec(paragraph);
    if (button) {
      const label = fill(button[1] ?? "", values).trim();
      const url = fill(button[2] ?? "", values).trim();
      if (WEB_ADDRESS.test(url)) blocks.push({ type: "button", label, url });
      else if (label) blocks.push({ type: "paragraph", text: label });
      continue;
    }
    const text = fill(paragraph, values)
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .trim();
    if (text) blocks.push({ type: "paragraph", text });
  }
  for (const text of required) blocks.push({ type: "paragraph", text });
  const shopName = values.shopName;
  return layout(to, subject, blocks, typeof shopName === "string" ? shopName : undefined);
}
