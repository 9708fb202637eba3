import { DEFAULT_PAYMENT_METHODS, type PaymentMethod, STORE_PROFILE_DEFAULTS, US_STATES } from "@shop/shared";

const { name, line1, city, state, zip } = STORE_PROFILE_DEFAULTS;

/**
 * The demo shop's payee details, so that a demo order can be paid as a real one would be. Example
 * values, said so in the bank's name: the routing number passes the ABA check digit but starts with
 * 55, a range the Federal Reserve never assigns, and the Zelle address is on a reserved .example
 * domain (docs/decisions/078).
 */
const DEMO_PAYEES: Record<PaymentMethod["kind"], Partial<PaymentMethod["payee"]>> = {
  bank_transfer: {
    name: `${name} Demo LLC`,
    bankName: "Example Bank (demo details: do not pay)",
    routingNumber: "555555550",
    accountNumber: "000123456789",
  },
  zelle: { zelle: "payments@leafandcloud.example", name: `${name} Demo LLC` },
  money_order: { name: `${name} Demo LLC`, mailingAddress: `${line1}\n${city}, ${US_STATES[state]} ${zip}` },
  card: {},
};

/** The default methods with the demo's payee details, switched on. */
export const demoPaymentMethods = (): PaymentMethod[] =>
  DEFAULT_PAYMENT_METHODS.map((method) => ({
    ...method,
    payee: { ...method.payee, ...DEMO_PAYEES[method.kind] },
    enabled: true,
  }));
