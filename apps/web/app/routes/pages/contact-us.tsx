import { zodResolver } from "@hookform/resolvers/zod";
import { type ContactMessage, type ContactMessageInput, contactMessageSchema } from "@shop/shared";
import { CheckCircle2, Clock, Mail, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { Field, inputClass, TextField } from "../../components/form/field.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { pageMeta } from "../../lib/meta.ts";
import { STORE_CONTACT } from "../../lib/store.ts";

export function meta() {
  return pageMeta(
    "Contact Us",
    "Questions about a product, an order or a lab result? Write to us; we answer within a day.",
  );
}

const fieldNames = ["name", "email", "orderNumber", "message"] as const;

export default function ContactUs() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: "", email: "", orderNumber: "", message: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function send(values: ContactMessage) {
    try {
      const receipt = await apiRequest<{ message: string }>("/api/contact", { method: "POST", body: values });
      setSent(receipt.message);
      form.reset();
    } catch (error) {
      showServerErrors(form.setError, error, fieldNames);
    }
  }

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Contact Us" }]} />
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
            <a href={`mailto:${STORE_CONTACT.email}`} className="font-medium hover:underline">
              {STORE_CONTACT.email}
            </a>
          </p>
          <p className="flex gap-3">
            <Phone aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <a href={`tel:${STORE_CONTACT.phone.replace(/[^\d+]/g, "")}`} className="font-medium hover:underline">
              {STORE_CONTACT.phone}
            </a>
          </p>
          <p className="flex gap-3">
            <Clock aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            {STORE_CONTACT.hours}
          </p>
          <address className="flex gap-3 not-italic">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <span>
              {STORE_CONTACT.address.map((line) => (
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
            <div role="status" className="mt-4 flex gap-3 rounded-xl bg-brand-50 p-4 text-brand-900">
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
              <p>
                <span className="font-semibold">Message sent.</span> {sent}
              </p>
            </div>
          )}
          <form noValidate onSubmit={form.handleSubmit(send)} className="mt-5 grid gap-5 sm:grid-cols-2">
            <TextField
              id="contact-name"
              label="Your name"
              error={errors.name?.message}
              autoComplete="name"
              {...form.register("name")}
            />
            <TextField
              id="contact-email"
              label="E-mail"
              error={errors.email?.message}
              type="email"
              autoComplete="email"
              {...form.register("email")}
            />
            <div className="sm:col-span-2">
              <TextField
                id="contact-order"
                label="Order number (optional)"
                hint="If your message is about an order"
                error={errors.orderNumber?.message}
                {...form.register("orderNumber")}
              />
            </div>
            <div className="sm:col-span-2">
              <Field id="contact-message" label="Message" error={errors.message?.message}>
                {(describedBy) => (
                  <textarea
                    id="contact-message"
                    rows={6}
                    aria-invalid={errors.message ? true : undefined}
                    aria-describedby={describedBy}
                    className={inputClass}
                    {...form.register("message")}
                  />
                )}
              </Field>
            </div>
            {errors.root?.message && (
              <p role="alert" className="font-medium text-red-700 text-sm sm:col-span-2">
                {errors.root.message}
              </p>
            )}
            <div className="sm:col-span-2">
              <button
                type="submit"
                disabled={isSubmitting}
                className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
              >
                {isSubmitting ? "Sending..." : "Send message"}
              </button>
            </div>
          </form>
        </section>
      </div>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
