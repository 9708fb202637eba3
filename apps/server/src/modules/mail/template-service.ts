import {
  MAIL_TEMPLATE_KINDS,
  type MailPreview,
  type MailTemplate,
  type MailTemplateKind,
  type MailTemplateList,
  type User,
} from "@shop/shared";
import { Invalid, NotFound } from "@shop/shared/errors";
import type { Executor } from "../../db/database.ts";
import { recordedName } from "../../lib/recorded-actor.ts";
import { type MailValues, namesIn, renderTemplate, type TemplateText, templateProblems } from "./render-template.ts";
import type { Logger, MailMessage } from "./service.ts";
import { TEMPLATE_KINDS } from "./template-kinds.ts";
import type { MailTemplateRepository, MailTemplateRow } from "./template-repository.ts";

/** An e-mail told by its kind and the values of its placeholders: the words come from its template. */
export interface TemplatedMail {
  template: MailTemplateKind;
  to: string;
  values: MailValues;
  /**
   * Sentences the law asks for (an adult signature on delivery): printed after the shop's words
   * whatever its template says, so editing a template can never drop them.
   */
  required?: readonly string[];
  /**
   * What the reader cannot do without (the payee details of an order to pay), by placeholder: a
   * paragraph printed after the shop's words when its saved template leaves that placeholder out.
   */
  essential?: Readonly<Record<string, string>>;
}

const isKind = (kind: string): kind is MailTemplateKind => (MAIL_TEMPLATE_KINDS as readonly string[]).includes(kind);

/**
 * The shop's e-mail templates (docs/decisions/042): the default words of each kind in code, the shop's
 * saved words over them, and the one renderer every such e-mail goes through.
 */
export function createMailTemplates(options: {
  repository: MailTemplateRepository;
  /** The shop's address, for the preview's sample links. */
  publicUrl: string;
  log: Logger;
  /** The shop's name as staff set it (Settings > Store profile), for {{shopName}} and the layout. */
  shopName: () => Promise<string>;
  now?: () => Date;
}) {
  const { repository, publicUrl, log } = options;
  const now = options.now ?? (() => new Date());

  function kindOf(kind: string): MailTemplateKind {
    if (!isKind(kind)) throw new NotFound(`There is no e-mail template “${kind}”.`);
    return kind;
  }

  function toTemplate(kind: MailTemplateKind, row: MailTemplateRow | undefined): MailTemplate {
    const spec = TEMPLATE_KINDS[kind];
    return {
      kind,
      name: spec.name,
      description: spec.description,
      subject: row?.subject ?? spec.subject,
      body: row?.body ?? spec.body,
      placeholders: spec.placeholders.map((placeholder) => ({
        name: placeholder.name,
        description: placeholder.description,
        block: placeholder.block ?? false,
      })),
      isDefault: !row,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by_name ?? null,
    };
  }

  /** Refuses, naming the field and the placeholder, what could not be rendered; nothing is saved. */
  function check(kind: MailTemplateKind, input: TemplateText): void {
    const fields = templateProblems(TEMPLATE_KINDS[kind].placeholders, input);
    const first = fields.subject ?? fields.body;
    if (first) throw new Invalid(first, { fields });
  }

  const withShop = async (values: MailValues): Promise<MailValues> => ({
    shopName: await options.shopName(),
    ...values,
  });

  return {
    async list(): Promise<MailTemplateList> {
      const saved = new Map((await repository.all()).map((row) => [row.kind, row]));
      return { items: MAIL_TEMPLATE_KINDS.map((kind) => toTemplate(kind, saved.get(kind))) };
    },

    async get(kind: string): Promise<MailTemplate> {
      const known = kindOf(kind);
      return toTemplate(known, await repository.find(known));
    },

    async save(actor: User, kind: string, input: TemplateText): Promise<MailTemplate> {
      const known = kindOf(kind);
      check(known, input);
      await repository.save({
        kind: known,
        subject: input.subject,
        body: input.body,
        updated_by: actor.id,
        updated_by_name: recordedName(actor),
        updated_at: now().toISOString(),
      });
      return toTemplate(known, await repository.find(known));
    },

    /** Back to the words in code: the saved ones are deleted. */
    async reset(kind: string): Promise<MailTemplate> {
      const known = kindOf(kind);
      await repository.remove(known);
      return toTemplate(known, undefined);
    },

    /** The e-mail as typed, rendered with sample data; nothing is saved or sent. */
    async preview(kind: string, input: TemplateText): Promise<MailPreview> {
      const known = kindOf(kind);
      check(known, input);
      const sample = await withShop(TEMPLATE_KINDS[known].sample(publicUrl));
      const message = renderTemplate("jordan@example.com", input, sample);
      return { subject: message.subject, html: message.html, text: message.text };
    },

    /**
     * The e-mail to send: the shop's saved words for its kind (read in `executor`'s transaction when
     * given), else the default. Saved words that no longer fit the kind's placeholders (a placeholder
     * retired since) give way to the default rather than a mail with a hole in it.
     */
    async compose(mail: TemplatedMail, executor?: Executor): Promise<MailMessage> {
      const spec = TEMPLATE_KINDS[mail.template];
      const row = await repository.find(mail.template, executor);
      let template: TemplateText = spec;
      if (row) {
        const problems = templateProblems(spec.placeholders, row);
        if (problems.subject || problems.body) {
          log.warn({ kind: mail.template, problems }, "a saved e-mail template no longer fits; the default was sent");
        } else {
          template = row;
        }
      }
      const named = new Set(namesIn(template.body));
      const missing = Object.entries(mail.essential ?? {}).filter(([name]) => !named.has(name));
      const required = [...missing.map(([, paragraph]) => paragraph), ...(mail.required ?? [])];
      return renderTemplate(mail.to, template, await withShop(mail.values), required);
    },
  };
}

export type MailTemplates = ReturnType<typeof createMailTemplates>;
