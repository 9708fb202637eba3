import type { AdminOrder } from "@shop/shared";
import { ID_DOCUMENTS, REGULATORY_CLASSES, regulatoryClassLabels, ruleRequirementLabels } from "@shop/shared/constants";
import { dayOf, formatCents, formatDate, lineName, termsDueWords } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AddressLines } from "../../../components/address-lines.tsx";
import { useMayOpen } from "../../../components/layout/use-staff-user.ts";
import { OrderTotals } from "../../../components/order-totals.tsx";
import { EffectBadge } from "../../../components/rule-badges.tsx";
import { customerPath, rulePath } from "../../../lib/admin-paths.ts";

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white">
      <h2 id={id} className="border-line border-b px-5 py-4 font-semibold">
        {title}
      </h2>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

const unitWords = { piece: "piece", box: "box" } as const;

/** The lines as they were bought, and the totals the server computed. */
export function OrderItems({ order }: { order: AdminOrder }) {
  return (
    <Card id="order-items-title" title="Items">
      <ul className="divide-y divide-line">
        {order.lines.map((line) => (
          <li key={`${line.variantId}:${line.unit}`} className="flex justify-between gap-4 py-3 first:pt-0">
            <span className="min-w-0">
              <span className="block break-words font-medium">{lineName(line)}</span>
              <span className="block text-muted text-xs">
                SKU {line.sku} · {line.quantity} × {formatCents(line.unitPriceCents)} per {unitWords[line.unit]}
              </span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals figures={order} className="mt-3 border-line border-t pt-3" />
    </Card>
  );
}

/** Who bought it and where it goes: shipped to an address, or picked up at the store after an ID check. */
export function OrderBuyer({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress;
  const mayOpen = useMayOpen();
  return (
    <Card id="order-buyer-title" title="Buyer">
      <p className="font-medium">
        {mayOpen(customerPath(order.customer.id)) ? (
          <Link to={customerPath(order.customer.id)} className="hover:text-brand-700 hover:underline">
            {order.customer.name}
          </Link>
        ) : (
          order.customer.name
        )}
      </p>
      <p className="break-all text-sm">
        <a href={`mailto:${order.email}`} className="hover:underline">
          {order.email}
        </a>
      </p>
      <h3 className="mt-4 font-medium text-muted text-sm">
        {order.fulfilment === "pickup" ? "Picks up in store at" : "Ships to"}
      </h3>
      <AddressLines address={address} withName className="mt-1" />
      {order.idCheck && (
        <p className="mt-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-emerald-900 text-sm">
          ID checked: {ID_DOCUMENTS[order.idCheck.document]}. Handed over{" "}
          {formatDate(order.idCheck.checkedAt, "moment")}.
        </p>
      )}
    </Card>
  );
}

/** How the buyer chose to pay, the money recorded, and the parcel once shipped. */
/** An order on terms: its due day and what is still due, red once the day has passed (docs/decisions/102). */
function TermsDue({ order }: { order: AdminOrder }) {
  const dueOn = order.payment.dueOn as string;
  const balanceCents = Math.max(order.totalCents - order.paymentStatus.paidCents, 0);
  const late = balanceCents > 0 && dueOn < dayOf(new Date());
  return (
    <p className={`mt-1 text-sm ${late ? "font-medium text-red-800" : ""}`}>
      <span className="block">
        {termsDueWords(order.createdAt, dueOn)}
        {late && " · Overdue"}
      </span>
      <span className="block">
        <span className="text-muted">Balance due: </span>
        <span className="font-semibold tabular-nums">{formatCents(balanceCents)}</span>
      </span>
    </p>
  );
}

export function OrderPayment({ order }: { order: AdminOrder }) {
  return (
    <Card id="order-payment-title" title={order.fulfilment === "pickup" ? "Payment" : "Payment and shipping"}>
      <p className="text-sm">
        <span className="text-muted">Method chosen: </span>
        <span className="font-medium">{order.payment.name}</span>
      </p>
      {order.payment.dueOn && <TermsDue order={order} />}
      {order.payments.length === 0 ? (
        <p className="mt-2 text-muted text-sm">No payment recorded yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Payments recorded">
          {order.payments.map((payment) => (
            <li key={`${payment.kind}-${payment.createdAt}`} className="rounded-xl bg-gray-50 px-3.5 py-2.5 text-sm">
              <span className="flex justify-between gap-3 font-medium">
                <span>{payment.kind === "payment" ? "Payment received" : "Refund sent"}</span>
                <span className="tabular-nums">{formatCents(payment.amountCents)}</span>
              </span>
              <span className="mt-0.5 block text-muted text-xs">
                {payment.method}
                {payment.reference && ` · Ref. ${payment.reference}`} · {formatDate(payment.receivedOn, "calendar")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.shipment && (
        <p className="mt-4 text-sm">
          <span className="block text-muted">Shipped with {order.shipment.carrier}, tracking number</span>
          <a
            href={order.shipment.trackingUrl}
            target="_blank"
            rel="noreferrer"
            className="break-words font-medium font-mono underline underline-offset-2 hover:text-brand-700"
          >
            {order.shipment.trackingNumber}
          </a>
        </p>
      )}
    </Card>
  );
}

const ageMethods = {
  date_of_birth: "Date of birth on the account",
  verification_provider: "Date of birth, and an age and identity check",
} as const;

/** The identity check's outcome at placing, in a word for staff (decision 099). */
const identityOutcomes = {
  verified: "Matched a record",
  remembered: "Matched earlier, remembered",
  document_needed: "No record: photo of an ID asked for",
  not_checked: "Not checked: no provider reads IDs",
} as const;

const checkOutcomes = { verified: "Verified", no_match: "Not verified", refused: "Refused" } as const;
const checkSteps = { record: "Record check", document: "Photo of an ID" } as const;

/**
 * What the rules decided when the order was placed and how the buyer's age was checked, as kept
 * with the order (decision 045): never edited, so staff can show why it was allowed to ship.
 */
export function OrderCompliance({ order }: { order: AdminOrder }) {
  const { age, statements, lines, identityChecks } = order.evidence;
  const term = "text-muted";
  const mayOpen = useMayOpen();
  return (
    <Card id="order-compliance-title" title="Compliance">
      {order.requirements.length > 0 && (
        <>
          <h3 className="font-medium text-sm">Delivery</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {order.requirements.map((requirement) => (
              <li key={requirement}>{ruleRequirementLabels[requirement]}</li>
            ))}
          </ul>
        </>
      )}
      {statements.length > 0 && (
        <>
          <h3 className="mt-4 font-medium text-sm">On the shipping documents</h3>
          {statements.map((statement) => (
            <p key={statement} className="mt-1 rounded-xl bg-gray-50 px-3.5 py-2.5 text-sm">
              {statement}
            </p>
          ))}
        </>
      )}
      <h3 className={`font-medium text-sm ${order.requirements.length + statements.length > 0 ? "mt-4" : ""}`}>
        Age check
      </h3>
      {age ? (
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className={term}>Method</dt>
          <dd>{ageMethods[age.method]}</dd>
          <dt className={term}>Date of birth</dt>
          <dd>
            {formatDate(age.dateOfBirth, "calendar")} (age {age.age}; needed {age.minAge})
          </dd>
          {age.provider && (
            <>
              <dt className={term}>Checked by</dt>
              <dd className="break-words">
                {age.provider.name}, reference <span className="font-mono">{age.provider.reference}</span>
              </dd>
            </>
          )}
          <dt className={term}>When</dt>
          <dd>{formatDate(age.checkedAt, "moment")}</dd>
          {age.identity && (
            <>
              <dt className={term}>Identity</dt>
              <dd>
                <span className={age.identity.outcome === "not_checked" ? "font-medium text-amber-800" : undefined}>
                  {identityOutcomes[age.identity.outcome]}
                </span>
                <span className="block text-muted text-xs">{age.identity.words}</span>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-1 text-muted text-sm">Placed before the shop kept this record.</p>
      )}
      {identityChecks.length > 0 && (
        <>
          <h3 className="mt-4 font-medium text-sm">Identity checks</h3>
          <ol className="mt-1 divide-y divide-line text-sm" aria-label="The identity provider's answers, oldest first">
            {identityChecks.map((check) => (
              <li key={`${check.at}:${check.reference}`} className="py-2">
                <span className="font-medium">
                  {checkSteps[check.step]}: {checkOutcomes[check.outcome]}
                </span>
                <span className="block break-words text-muted text-xs">
                  {check.provider} · {check.detail} · reference <span className="font-mono">{check.reference}</span> ·{" "}
                  {formatDate(check.at, "moment")}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <h3 className="mt-4 font-medium text-sm">Rules applied</h3>
      <ul className="mt-1 divide-y divide-line" aria-label="Rules applied to each line">
        {order.lines.map((line, index) => {
          const kept = lines[index];
          const decision = kept?.decision;
          const classes = REGULATORY_CLASSES.filter((name) => kept?.regulatoryClasses.includes(name));
          return (
            <li key={`${line.variantId}:${line.unit}`} className="py-2.5 text-sm">
              <span className="block break-words font-medium">{lineName(line)}</span>
              <span className="block text-muted text-xs">
                {classes.map((name) => regulatoryClassLabels[name]).join(", ") || "No class recorded"}
                {kept?.brand && ` · ${kept.brand}`}
                {decision?.minAge != null && ` · ${decision.minAge}+`}
              </span>
              {decision && decision.applied.length > 0 ? (
                <ul className="mt-2 grid gap-2">
                  {decision.applied.map((rule) => (
                    <li key={rule.ruleId} className="flex items-start gap-2">
                      <EffectBadge effect={rule.effect} />
                      <span className="min-w-0">
                        {mayOpen(rulePath(rule.ruleId)) ? (
                          <Link to={rulePath(rule.ruleId)} className="break-words hover:text-brand-700 hover:underline">
                            {regulatoryClassLabels[rule.regulatoryClass]}, {rule.where}
                          </Link>
                        ) : (
                          <span className="break-words">
                            {regulatoryClassLabels[rule.regulatoryClass]}, {rule.where}
                          </span>
                        )}
                        <span className="block text-muted text-xs">
                          {[
                            `Version ${rule.version}`,
                            rule.minAge !== null && `${rule.minAge}+`,
                            ...rule.requirements.map((requirement) => ruleRequirementLabels[requirement]),
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="mt-1 block text-muted text-xs">
                  {decision
                    ? `No rule applied on ${formatDate(decision.decidedOn, "calendar")}.`
                    : "No decision recorded."}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
