import { MAIL_TEMPLATE_KINDS, STORE_NAME } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { renderTemplate, templateProblems } from "./render-template.ts";
import { TEMPLATE_KINDS } from "./template-kinds.ts";

const placeholders = [
  { name: "firstName", description: "" },
  { name: "note", description: "" },
  { name: "orderUrl", description: "" },
  { name: "lines", description: "", block: true },
];

describe("rendering an e-mail template", () => {
  it("escapes every value in the HTML and keeps it as typed in the text", () => {
    const mail = renderTemplate(
      "buyer@example.com",
      {
        subject: "For {{firstName}}",
        body: "Hello {{firstName}},\n\nYour note: {{note}}\n\n{{lines}}\n\n[See it]({{orderUrl}})",
      },
      {
        firstName: "<script>alert(1)</script>",
        note: `&<>"'`,
        orderUrl: `https://shop.test/a?b=1&c="><img/src=x/onerror=alert(1)>`,
        lines: [["<b>Gummies</b>", `$1 & "2"`]],
      },
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(mail.html).toContain("Your note: &amp;&lt;&gt;&quot;&#39;");
    expect(mail.html).toContain("&lt;b&gt;Gummies&lt;/b&gt;");
    expect(mail.html).toContain("$1 &amp; &quot;2&quot;");
    expect(mail.html).toContain('href="https://shop.test/a?b=1&amp;c=&quot;&gt;&lt;img/src=x/onerror=alert(1)&gt;"');
    expect(mail.html).toContain("<title>For &lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(mail.text).toContain("Hello <script>alert(1)</script>,");
    expect(mail.text).toContain(`Your note: &<>"'`);
    expect(mail.subject).toBe("For <script>alert(1)</script>");
  });

  it("escapes the template's own words too: staff cannot write markup into the e-mail", () => {
    const mail = renderTemplate("a@b.test", { subject: "Hi", body: `<a href="javascript:alert(1)">click</a>` }, {});
    expect(mail.html).toContain("&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;");
    expect(mail.html).not.toContain('<a href="javascript');
  });

  it("a missing value is empty text, and a paragraph left empty is left out", () => {
    const mail = renderTemplate(
      "a@b.test",
      { subject: "Hi {{firstName}}", body: "Hello {{firstName}},\n\n{{note}}\n\nBye" },
      {},
    );
    expect(mail.subject).toBe("Hi");
    expect(mail.text).toBe(`Hello ,\n\nBye\n\n— ${STORE_NAME}`);
    expect(mail.html).not.toContain("{{");
  });

  it("a value is put in once: braces inside a value are not read as a placeholder", () => {
    const mail = renderTemplate("a@b.test", { subject: "{{note}}", body: "{{note}}" }, { note: "{{firstName}}" });
    expect(mail.subject).toBe("{{firstName}}");
    expect(mail.text.startsWith("{{firstName}}")).toBe(true);
  });

  it("the button leads only to a web address: a value that is not one leaves its label as text", () => {
    const mail = renderTemplate(
      "a@b.test",
      { subject: "s", body: "[Open]({{orderUrl}})" },
      { orderUrl: "javascript:alert(1)" },
    );
    expect(mail.html).not.toContain("javascript:");
    expect(mail.text).toBe(`Open\n\n— ${STORE_NAME}`);
  });

  it("a subject stays on one line whatever the values carry", () => {
    const mail = renderTemplate("a@b.test", { subject: "Order {{note}}", body: "x" }, { note: "1\r\nBcc: x@y.test" });
    expect(mail.subject).toBe("Order 1 Bcc: x@y.test");
  });
});

describe("checking a template before it is saved", () => {
  it("refuses an unknown placeholder, naming it and the field", () => {
    expect(templateProblems(placeholders, { subject: "Hi {{fristName}}", body: "ok" })).toEqual({
      subject: "{{fristName}} is not a placeholder of this e-mail. Use one of those listed beside the editor.",
    });
    expect(templateProblems(placeholders, { subject: "ok", body: "Hi {{ secret }}" })).toEqual({
      body: "{{secret}} is not a placeholder of this e-mail. Use one of those listed beside the editor.",
    });
  });

  it("a table stands alone in its paragraph and never in the subject", () => {
    expect(templateProblems(placeholders, { subject: "{{lines}}", body: "ok" }).subject).toMatch(/table/);
    expect(templateProblems(placeholders, { subject: "ok", body: "Here: {{lines}}" }).body).toMatch(/alone/);
    expect(templateProblems(placeholders, { subject: "ok", body: "Here:\n\n{{ lines }}\n\nBye" })).toEqual({});
  });

  it("a button leads to a placeholder or a web address", () => {
    expect(templateProblems(placeholders, { subject: "s", body: "[Go](javascript:alert`1`)" }).body).toMatch(/button/);
    expect(templateProblems(placeholders, { subject: "s", body: "[Go](https://shop.test/x)" })).toEqual({});
    expect(templateProblems(placeholders, { subject: "s", body: "[Go]({{orderUrl}})" })).toEqual({});
  });

  it("every default template fits its own placeholders, and its sample fills every placeholder", () => {
    for (const kind of MAIL_TEMPLATE_KINDS) {
      const spec = TEMPLATE_KINDS[kind];
      expect(templateProblems(spec.placeholders, spec), kind).toEqual({});
      const sample = spec.sample("https://shop.test");
      const mail = renderTemplate("a@b.test", spec, { shopName: STORE_NAME, ...sample });
      expect(mail.text, kind).not.toContain("{{");
      for (const placeholder of spec.placeholders) {
        if (placeholder.name !== "shopName")
          expect(sample[placeholder.name], `${kind} ${placeholder.name}`).toBeDefined();
      }
    }
  });
});
