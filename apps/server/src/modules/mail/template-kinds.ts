import type { MailTemplateKind } from "@shop/shared";
import type { MailValues, PlaceholderSpec, TemplateText } from "./render-template.ts";

/** What each editable e-mail is, when it goes out, the placeholders it has, and its words by default. */
export interface TemplateKind extends TemplateText {
  name: string;
  description: string;
  placeholders: readonly PlaceholderSpec[];
  /** Values for the preview: what a real e-mail of this kind might carry. */
  sample: (publicUrl: string) => MailValues;
}

const firstName = { name: "firstName", description: "The recipient's first name (“there” when we have none)" };
const shopName = { name: "shopName", description: "The shop's name" };
const link = (what: string) => ({ name: "link", description: `The one-time link that ${what}` });
/** The placeholders every order e-mail has, before those of its kind. */
const orderPlaceholders = [
  firstName,
  shopName,
  { name: "orderNumber", description: "The order's number, such as 7K3M-9QX2" },
  { name: "orderUrl", description: "The order's page in the buyer's account" },
  { name: "total", description: "The order's total, such as $42.50" },
];

const SAMPLE_NUMBER = "7K3M-9QX2";
const sampleOrder = (publicUrl: string) => ({
  firstName: "Jordan",
  orderNumber: SAMPLE_NUMBER,
  orderUrl: `${publicUrl}/account/orders/${SAMPLE_NUMBER}`,
  total: "$61.47",
});

export const TEMPLATE_KINDS: Record<MailTemplateKind, TemplateKind> = {
  verification: {
    name: "Verification",
    description: "Sent when someone signs up or changes their e-mail address, with the link that confirms it.",
    placeholders: [firstName, shopName, link("confirms the address (24 hours)")],
    subject: "Verify your e-mail address for {{shopName}}",
    body: `Hello {{firstName}},

Thank you for signing up. Please confirm that this e-mail address is yours before you log in.

[Verify my e-mail address]({{link}})

The link works once and expires in 24 hours.

If you did not sign up, you can ignore this e-mail.`,
    sample: (publicUrl) => ({ firstName: "Jordan", link: `${publicUrl}/verify-email?token=sample-token` }),
  },
  password_reset: {
    name: "Password reset",
    description: "Sent when someone asks to set a new password, with the link to do it.",
    placeholders: [firstName, shopName, link("opens the new-password form (1 hour)")],
    subject: "Set a new password for {{shopName}}",
    body: `Hello {{firstName}},

We received a request to set a new password for your account.

[Choose a new password]({{link}})

The link works once and expires in 1 hour.

If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
    sample: (publicUrl) => ({ firstName: "Jordan", link: `${publicUrl}/reset-password?token=sample-token` }),
  },
  invitation: {
    name: "Staff invitation",
    description: "Sent when an Owner creates a staff account, with the link to choose a password.",
    placeholders: [
      firstName,
      shopName,
      { name: "role", description: "The new account's role, such as Staff" },
      link("lets them choose a password (24 hours)"),
    ],
    subject: "Your {{shopName}} staff account",
    body: `Hello {{firstName}},

An account with the role {{role}} was created for you in the {{shopName}} dashboard.

[Choose your password]({{link}})

The link works once and expires in 24 hours. Ask an Owner of the shop for a new one if it has expired.`,
    sample: (publicUrl) => ({
      firstName: "Jordan",
      role: "Staff",
      link: `${publicUrl}/reset-password?token=sample-token`,
    }),
  },
  order_placed: {
    name: "Order confirmation",
    description: "Sent when a buyer places an order: what they ordered, where it goes, and how and by when to pay.",
    placeholders: [
      ...orderPlaceholders,
      {
        name: "lines",
        description:
          "A table of the ordered lines with subtotal, discount, shipping, sales tax and total (alone in its paragraph)",
        block: true,
      },
      { name: "shippingAddress", description: "Where it ships, or the store a pickup order waits at, on one line" },
      { name: "paymentMethod", description: "The payment method chosen, such as Zelle" },
      { name: "paymentInstructions", description: "How to pay with it, from Settings" },
      {
        name: "payee",
        description:
          "A table of where to send the money: the account, Zelle recipient or money order payee (alone in its paragraph)",
        block: true,
      },
      {
        name: "payBy",
        description: "The pay-by day as a sentence: “Pay by December 5, 2026 or the order is cancelled.”",
      },
      {
        name: "nextStep",
        description: "What happens next: we ship once paid, or where a pickup order waits (a sentence)",
      },
    ],
    subject: "Order {{orderNumber}} is placed — please pay with {{paymentMethod}}",
    body: `Hello {{firstName}},

Thank you for your order {{orderNumber}}. Here is what you ordered:

{{lines}}

{{shippingAddress}}

How to pay ({{paymentMethod}}): {{paymentInstructions}}

{{payee}}

{{payBy}} Please write your order number {{orderNumber}} as the reference.

[See your order]({{orderUrl}})

{{nextStep}}`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      lines: [
        ["Blue Lotus Kratom Capsules — 2 pieces", "$39.98"],
        ["Mango Hemp Gummies — 1 piece", "$14.99"],
        ["Subtotal", "$54.97"],
        ["Shipping", "$6.50"],
        ["Total", "$61.47"],
      ],
      shippingAddress: "Ships to: Jordan Reyes, 12 Elm Street, Boise, Idaho 83702",
      paymentMethod: "Zelle",
      paymentInstructions: "Send the total with Zelle to the recipient below, with your order number in the memo.",
      payee: [
        ["Zelle e-mail or phone", "payments@example.com"],
        ["Name on Zelle", "Example Shop LLC"],
        ["Amount", "$61.47"],
      ],
      payBy: "Pay by December 5, 2026 or the order is cancelled.",
      nextStep: "We hold your items for you and ship once your payment has arrived.",
    }),
  },
  payment_received: {
    name: "Payment received",
    description: "Sent when staff record the order's payment.",
    placeholders: [
      ...orderPlaceholders,
      { name: "readyTo", description: "“ship” or, for a pickup order, “pick up”" },
      { name: "nextStep", description: "What the next e-mail will tell: the tracking number, or that it is ready" },
    ],
    subject: "Payment received for order {{orderNumber}}",
    body: `Hello {{firstName}},

We have received your payment of {{total}} for order {{orderNumber}}. We are getting it ready to {{readyTo}}.

[See your order]({{orderUrl}})

{{nextStep}}`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      readyTo: "ship",
      nextStep: "We will e-mail you again with the tracking number once it ships.",
    }),
  },
  order_shipped: {
    name: "Order shipped",
    description: "Sent when staff mark the order shipped, with the carrier and tracking number.",
    placeholders: [
      ...orderPlaceholders,
      { name: "shippingAddress", description: "Where it ships, on one line" },
      { name: "carrier", description: "The carrier, such as USPS" },
      { name: "trackingNumber", description: "The tracking number" },
      { name: "trackingUrl", description: "The carrier's tracking page for it" },
    ],
    subject: "Order {{orderNumber}} has shipped",
    body: `Hello {{firstName}},

Your order {{orderNumber}} is on its way with {{carrier}}, tracking number {{trackingNumber}}.

{{shippingAddress}}

[Track it with {{carrier}}]({{trackingUrl}})

Your order: {{orderUrl}}`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      carrier: "USPS",
      trackingNumber: "9400111899223344556677",
      trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677",
      shippingAddress: "Ships to: Jordan Reyes, 12 Elm Street, Boise, Idaho 83702",
    }),
  },
  order_delivered: {
    name: "Order delivered",
    description: "Sent when staff mark a shipped order delivered.",
    placeholders: [
      ...orderPlaceholders,
      { name: "shippingAddress", description: "Where it was delivered, on one line" },
    ],
    subject: "Order {{orderNumber}} is delivered",
    body: `Hello {{firstName}},

Your order {{orderNumber}} has been delivered. We hope you enjoy it.

{{shippingAddress}}

[See your order]({{orderUrl}})

Something missing or not right? Answer this e-mail or write to us from the Contact Us page, with your order number {{orderNumber}}.`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      shippingAddress: "Delivered to: Jordan Reyes, 12 Elm Street, Boise, Idaho 83702",
    }),
  },
  order_cancelled: {
    name: "Order cancelled",
    description: "Sent when the buyer or staff cancel an order, or when its payment does not arrive in time.",
    placeholders: [
      ...orderPlaceholders,
      { name: "cancellation", description: "What happened: cancelled, or not paid in time (a sentence)" },
      { name: "moneyBack", description: "Whether money comes back: paid already, or nothing to do (a sentence)" },
    ],
    subject: "Order {{orderNumber}} is cancelled",
    body: `Hello {{firstName}},

{{cancellation}}

{{moneyBack}}

[See your order]({{orderUrl}})

Questions? Answer this e-mail or write to us from the Contact Us page.`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      cancellation: `Your order ${SAMPLE_NUMBER} is cancelled and will not be shipped.`,
      moneyBack: "Nothing was paid, so there is nothing more to do.",
    }),
  },
  order_refunded: {
    name: "Refund",
    description: "Sent when staff record money sent back to the buyer.",
    placeholders: [
      ...orderPlaceholders,
      { name: "amount", description: "The amount sent back, such as $61.47" },
      { name: "method", description: "How it was sent, as staff recorded it" },
    ],
    subject: "Refund for order {{orderNumber}}",
    body: `Hello {{firstName}},

We have sent you {{amount}} for order {{orderNumber}} by {{method}}.

[See your order]({{orderUrl}})

Depending on the method it can take a few days to reach you.`,
    sample: (publicUrl) => ({ ...sampleOrder(publicUrl), amount: "$61.47", method: "Zelle" }),
  },
  ready_for_pickup: {
    name: "Ready for pickup",
    description: "Sent when staff mark a pickup order ready at the store.",
    placeholders: [
      ...orderPlaceholders,
      { name: "storeAddress", description: "The store's name and address on one line" },
      { name: "openingHours", description: "“Opening hours: …” as a sentence, or nothing when none are set" },
    ],
    subject: "Order {{orderNumber}} is ready for pickup",
    body: `Hello {{firstName}},

Your order {{orderNumber}} is ready for you at {{storeAddress}}.

{{openingHours}}

Please bring a government-issued photo ID (driver's license, state ID card, passport or military ID): we check it before we hand over age-restricted goods, and only to the person who ordered.

[See your order]({{orderUrl}})

Your order number is {{orderNumber}}: tell it at the counter.`,
    sample: (publicUrl) => ({
      ...sampleOrder(publicUrl),
      storeAddress: "Leaf & Cloud, 400 Congress Ave, Austin, Texas 78701",
      openingHours: "Opening hours: Mon–Sat 10am–7pm.",
    }),
  },
};
