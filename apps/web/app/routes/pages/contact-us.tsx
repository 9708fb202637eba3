import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactMessage, type ContactMessageInput, contactMessageSchema } from "@shop/shared";
import { CheckCircle2, Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { data, Form, href, useSubmit } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { fieldProps, TextAreaField, TextField } from "../../components/form/field.tsx";
import { FormAlert } from "../../components/form/form-alert.tsx";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { type FormRefusal, pick, postedFields, schemaMessages, useRefusalErrors } from "../../lib/form-action.ts";
import { formatPhone } from "../../lib/format.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import { addressLines, useStoreProfile } from "../../lib/store.ts";
import type { Route } from "./+types/contact-us";

export function meta() {
  return pageMeta(
    "Contact Us",
    "Questions about a product, an order or a lab result? Write to us; we answer within a day.",
  );
}

const fieldNames = ["name", "email", "orderNumber", "message"] as const;

type ContactAnswer = { sent: string } | { refusal: FormRefusal; values: Partial<ContactMessageInput> };

/**
 * The form's own check, then the contact service as POST /api/contact calls it (decision 089): a
 * message sent before JavaScript has loaded gets the same answer and the same limit per address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = pick(await postedFields(request), fieldNames);
  const refused = (refusal: FormRefusal, status: number) => data<ContactAnswer>({ refusal, values }, { status });
  const checked = contactMessageSchema.safeParse(values);
  if (!checked.success) return refused({ invalid: schemaMessages(checked.error) }, 400);
  const answer = await serviceAnswer(() => context.services.contact.receive(checked.data, context.sender.address));
  if (!answer.ok) return refused(answer.refusal, answer.status);
  return data<ContactAnswer>({ sent: answer.value.message });
}

export default function ContactUs({ actionData: answer }: Route.ComponentProps) {
  const submit = useSubmit();
  const store = useStoreProfile();
  const typed = answer && "values" in answer ? answer.values : undefined;
  const [sent, setSent] = useState(() => (answer && "sent" in answer ? answer.sent : null));
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: {
      name: typed?.name ?? "",
      email: typed?.email ?? "",
      orderNumber: typed?.orderNumber ?? "",
      message: typed?.message ?? "",
    },
  });
  const errors = useRefusalErrors(form, answer && "refusal" in answer ? answer.refusal : undefined, fieldNames);
  const field = fieldProps(form, "contact", errors);
  const { reset } = form;
  useEffect(() => {
    if (!answer || !("sent" in answer)) return;
    setSent(answer.sent);
    reset();
  }, [answer, reset]);
  // "Message sent" is above the fields; on a phone the buyer is down at the Send button. Each answer
  // brings it into view (the same words twice are still a new answer).
  const sentRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer scrolls even when its words are the same
  useEffect(() => {
    if (sent) sentRef.current?.scrollIntoView({ block: "nearest" });
  }, [sent, answer]);

  async function send() {
    await submit(form.getValues(), { method: "post", preventScrollReset: true });
  }

  const busy = form.formState.isSubmitting;

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "Contact Us" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Questions about a product, an order or a lab result? Write to us; a person answers every message within one
        business day.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_1fr]">
        <aside
          aria-label="Store details"
          className="h-fit space-y-5 rounded-2xl border border-line bg-white p-6 text-sm"
        >
          <p className="flex gap-3">
            <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <a href={`mailto:${store.email}`} className="font-medium hover:underline">
              {store.email}
            </a>
          </p>
          {store.phone && (
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              <a href={`tel:+1${store.phone}`} className="font-medium hover:underline">
                {formatPhone(store.phone)}
              </a>
            </p>
          )}
          {store.hours && (
            <p className="flex gap-3">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              {store.hours}
            </p>
          )}
          <address className="flex gap-3 not-italic">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <span>
              {[store.name, ...addressLines(store)].map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </span>
          </address>
        </aside>

        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="contact-form-title" className="font-semibold text-lg">
            Send us a message
          </h2>
          {sent && (
            <div
              ref={sentRef}
              role="status"
              className="mt-4 flex scroll-mt-24 gap-3 rounded-xl bg-brand-50 p-4 text-brand-900"
            >
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
              <p>
                <span className="font-semibold">Message sent.</span> {sent}
              </p>
            </div>
          )}
          <Form method="post" noValidate onSubmit={form.handleSubmit(send)} className="mt-5 grid gap-5 sm:grid-cols-2">
            <TextField label="Your name" autoComplete="name" {...field("name")} />
            <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
            <div className="sm:col-span-2">
              <TextField
                label="Order number (optional)"
                hint="If your message is about an order"
                {...field("orderNumber")}
              />
            </div>
            <div className="sm:col-span-2">
              <TextAreaField label="Message" rows={6} {...field("message")} />
            </div>
            <FormAlert message={errors.root?.message} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SubmitButton busy={busy} busyLabel="Sending...">
                Send message
              </SubmitButton>
            </div>
          </Form>
        </section>
      </div>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
