import { createHash, randomBytes } from "node:crypto";
import {
  type AgeEvidence,
  ageOn,
  type ComplianceDestination,
  formatCents,
  type LineDecisionEvidence,
  type Order,
  type OrderQuote,
  type PaymentMethod,
  type placeOrderSchema,
  price,
  type quoteRequestSchema,
  type ShopSettings,
  type StoreAddress,
  type User,
  type WholesalePrices,
} from "@shop/shared";
import { Conflict, Forbidden, Invalid } from "@shop/shared/errors";
import { dayOf, isPayable, wholesaleBox } from "@shop/shared/rules";
import type { z } from "zod";
import { isUniqueViolation } from "../../db/errors.ts";
import { compareIds, newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { CatalogService, SaleFacts } from "../catalog/service.ts";
import type { ComplianceService } from "../compliance/service.ts";
import type { DiscountAnswer, DiscountsService } from "../discounts/service.ts";
import { taxRateOf } from "../fulfilment/order-view.ts";
import type { OrdersService } from "../fulfilment/service.ts";
import type { IdentityService } from "../identity/service.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { CardGateway } from "../payments/authorize-net.ts";
import type { PaymentAttempt, PaymentsService } from "../payments/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { TaxesService } from "../taxes/service.ts";
import type { WholesaleService, WholesaleStanding } from "../wholesale/service.ts";
import { askIdentity, linesAskIdentity, unaskedIdentity } from "./identity-step.ts";
import { checkCompliance, checkTaxFacts, lineEvidence, quoteAges, quoteCompliance } from "./order-compliance.ts";
import type { CheckoutRepository } from "./repository.ts";
import { discountLines, type LineInput, outOfStock, priceContext, pricedFigures, saleLines } from "./sale-lines.ts";
import { termsMethod, termsPayment } from "./terms.ts";
import { buyerLicenceFor, checkMinimum, licensedDestination, wholesaleQuote } from "./wholesale.ts";

type QuoteRequest = z.output<typeof quoteRequestSchema>;
type PlaceOrder = z.output<typeof placeOrderSchema>;
type ShippingAddress = NonNullable<PlaceOrder["shippingAddress"]>;
type Rules = Awaited<ReturnType<ComplianceService["rulesFor"]>>;
type TaxRules = Awaited<ReturnType<TaxesService["rulesFor"]>>;

/** Crockford's base32: no I, L, O or U, so a number read out over the phone cannot be misheard. */
const NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "7K3M-9QX2": short enough to read out, 40 random bits, so not a key to anyone else's order. */
function newOrderNumber(): string {
  const chars = [...randomBytes(8)].map((byte) => NUMBER_ALPHABET[byte % 32]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What an idempotent retry must match: the same lines, address and payment method. */
function requestHash(input: PlaceOrder): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("hex");
}

/** The store a pickup order waits at; refused in words when the shop has none. */
function pickupStore(settings: ShopSettings): StoreAddress {
  if (!settings.storeAddress) {
    throw new Invalid("This shop does not offer pickup in store. Please choose shipping.", {
      fields: { fulfilment: "pickup in store is not offered" },
    });
  }
  return settings.storeAddress;
}

function checkBuyer(user: User, shop: ShopSettings, today: string): void {
  if (!user.emailVerified) {
    throw new Forbidden("Please verify your e-mail address before placing an order.", { code: "email_not_verified" });
  }
  if (!user.dateOfBirth) {
    throw new Invalid("Please add your date of birth to your account before placing an order.", {
      fields: { dateOfBirth: "is needed to check your age" },
    });
  }
  if (ageOn(user.dateOfBirth, today) < shop.purchaseMinAge) {
    throw new Forbidden(`You must be ${shop.purchaseMinAge} or older to buy from this shop.`, { code: "under_age" });
  }
}

interface Dependencies {
  /** The products' prices, stock and compliance facts, read and taken inside the order's transaction. */
  catalog: Pick<CatalogService, "saleFacts" | "takeStock" | "forgetLists">;
  settings: SettingsService;
  /** The jurisdiction rules an order's lines are checked against (docs/decisions/044). */
  compliance: Pick<ComplianceService, "rulesFor">;
  /** The excise taxes where an order goes (docs/decisions/096). */
  taxes: Pick<TaxesService, "rulesFor">;
  /** A signed-in buyer's wholesale standing: box prices, licences, certificates, terms (docs/decisions/102). */
  wholesale: Pick<WholesaleService, "standing">;
  /** The third-party age and identity check (docs/decisions/045, 099); it asks nothing without a provider. */
  identity: Pick<IdentityService, "check" | "readsIds" | "keep">;
  /** Discount codes: priced in quotes, taken by orders (docs/decisions/057). */
  discounts: Pick<DiscountsService, "price" | "redeem">;
  /** The order record: fulfilment writes a placed order in checkout's transaction and reads it back. */
  orders: Pick<OrdersService, "record" | "byId" | "overdueOnTerms">;
  /** The confirmation e-mail goes out once the order's transaction has committed. */
  outbox: Pick<MailOutbox, "deliverSoon">;
  /** A card gateway's approval, asked before the order's transaction (docs/decisions/101). */
  payments: Pick<PaymentsService, "providerFor" | "chargeAhead" | "releaseAhead">;
  /** The card gateway's public side, for the hosted form at checkout; null: the shop takes no cards. */
  cardGateway?: CardGateway | null;
  now?: () => Date;
}

/** Quotes and places orders (docs/decisions/032); the server prices everything. */
export function createCheckoutService(
  repository: CheckoutRepository,
  {
    catalog,
    settings,
    compliance,
    taxes,
    wholesale,
    identity,
    discounts,
    orders,
    outbox,
    payments,
    cardGateway = null,
    now = () => new Date(),
  }: Dependencies,
) {
  const { db } = repository;

  /**
   * For a card: what the order will cost, priced and checked as the transaction will, then the
   * gateway's hold (or charge) for it, asked before the transaction so that no network wait holds
   * the database (docs/decisions/101). A refusal is answered in the gateway's words and leaves the
   * attempt only. Null for the manual methods: staff record their money.
   */
  async function chargeCard(
    user: User,
    key: string,
    input: PlaceOrder,
    context: {
      shop: ShopSettings;
      payment: PaymentMethod;
      address: ShippingAddress;
      rules: Rules;
      taxRules: TaxRules;
      standing: WholesaleStanding | null;
    },
  ): Promise<PaymentAttempt | null> {
    const { shop, payment, address, rules, taxRules, standing } = context;
    const provider = payments.providerFor(payment.kind);
    if (provider.takes === "recorded") {
      if (payment.kind !== "card") return null;
      throw new Conflict("Card payments are not set up on this shop at the moment. Please choose another way to pay.", {
        code: "payment_refused",
      });
    }
    if (payment.kind === "card" && !input.card) {
      throw new Invalid("Please enter your card in the card form.", {
        fields: { card: "Please enter your card in the card form." },
      });
    }
    const today = dayOf(now());
    const facts = await catalog.saleFacts(
      db,
      input.lines.map((line) => line.variantId),
    );
    const lines = saleLines(input.lines, facts, input.fulfilment, standing);
    checkCompliance(lines, facts, licensedDestination(address, standing), rules, {
      dateOfBirth: user.dateOfBirth as string,
      today,
      fulfilment: input.fulfilment,
    });
    const discount = input.discountCode
      ? await discounts.price(input.discountCode, discountLines(lines), user.id)
      : null;
    const priced = price(lines, priceContext(shop, input.fulfilment, address, taxRules, today, discount, standing));
    checkTaxFacts(lines, priced.refusals);
    if (standing) checkMinimum(shop, priced.totals);
    const [firstName = "", ...rest] = address.fullName.trim().split(/\s+/);
    const attempt = await payments.chargeAhead({
      provider,
      userId: user.id,
      attemptKey: createHash("sha256")
        .update(`${user.id}\n${key}\n${input.card?.value ?? ""}`)
        .digest("hex"),
      order: { id: newId(), number: newOrderNumber(), totalCents: priced.totals.totalCents },
      operation: shop.cardCapture === "at_placing" || provider.takes === "at_placing" ? "capture" : "authorize",
      card: input.card
        ? {
            token: input.card,
            billTo: {
              firstName,
              lastName: rest.join(" "),
              address: [address.line1, address.line2].filter(Boolean).join(", "),
              city: address.city,
              state: address.state,
              zip: address.zip,
            },
          }
        : null,
    });
    if (attempt.releasedAt) {
      throw new Conflict("This card entry was already used. Please enter your card again.", {
        code: "payment_refused",
      });
    }
    if (attempt.status !== "succeeded") {
      throw new Conflict(attempt.message ?? "The card was not accepted. Please use another card.", {
        code: "payment_refused",
      });
    }
    return attempt;
  }

  /** The earlier answer to this key, or a refusal when the key came with another order. */
  async function replay(user: User, key: string, hash: string): Promise<Order | null> {
    const earlier = await repository.findIdempotencyKey(user.id, key);
    if (!earlier) return null;
    if (earlier.request_hash !== hash) {
      throw new Conflict(
        "This Idempotency-Key was already used for a different order. Send a new key for a new order.",
        {
          code: "idempotency_key_reused",
        },
      );
    }
    return orders.byId(earlier.order_id);
  }

  return {
    /**
     * "Pay on terms (net N)" for a buyer whose approved wholesale account has terms, to offer
     * beside the shop's methods (docs/decisions/102); null for anyone else.
     */
    async termsMethod(user: User) {
      const standing = await wholesale.standing(user.id, dayOf(now()));
      const method = termsMethod(standing?.termsDays ?? null, await settings.get());
      return (
        method && {
          id: method.id,
          kind: method.kind,
          name: method.name,
          instructions: method.instructions,
          payee: method.payee,
        }
      );
    },

    /**
     * What the checkout page needs for the card gateway's hosted form (docs/decisions/101): its
     * public keys and script, and when the card is charged; null when the shop takes no cards.
     */
    async cardForm() {
      if (!cardGateway) return null;
      const { apiLoginId, clientKey, scriptUrl } = cardGateway;
      return { apiLoginId, clientKey, scriptUrl, capture: (await settings.get()).cardCapture };
    },

    /**
     * An approved wholesale account's price of a whole box of each variant among `variantIds` that
     * is sold wholesale (docs/decisions/102); null for anyone else. Per buyer: never cached.
     */
    async wholesalePrices(user: User, variantIds: readonly string[]): Promise<WholesalePrices | null> {
      if (!(await wholesale.standing(user.id, dayOf(now())))) return null;
      const facts = await catalog.saleFacts(db, variantIds);
      return {
        items: [...facts.values()].flatMap((fact) => {
          const box = wholesaleBox(fact);
          return box
            ? [{ variantId: fact.id, boxPriceCents: box.unitPriceCents, piecesPerBox: box.piecesPerUnit }]
            : [];
        }),
      };
    },

    /**
     * The lines priced from the database, with shipping and the state's sales tax, and what the
     * rules say of each line where it goes (docs/decisions/050): the browser shows these verdicts
     * and never evaluates rules itself.
     */
    async quote(input: QuoteRequest, buyer: User | null = null): Promise<OrderQuote> {
      const shop = await settings.get();
      // A pickup order pays the store's state's tax and is bought under the store's rules.
      const destination: ComplianceDestination | null =
        input.fulfilment === "pickup"
          ? pickupStore(shop)
          : input.state
            ? { state: input.state, city: input.city ?? null, zip: input.zip ?? null }
            : null;
      const state = destination?.state;
      const today = dayOf(now());
      // Without a state, the country's rules still set ages (Tobacco 21).
      const [facts, rules, taxRules, standing] = await Promise.all([
        catalog.saleFacts(
          db,
          input.lines.map((line) => line.variantId),
        ),
        compliance.rulesFor(state ?? null),
        state ? taxes.rulesFor(state) : [],
        buyer ? wholesale.standing(buyer.id, today) : null,
      ]);
      const lines = saleLines(input.lines, facts, input.fulfilment, standing);
      const discount: DiscountAnswer | null = input.discountCode
        ? await discounts.price(input.discountCode, discountLines(lines), buyer?.id ?? null)
        : null;
      const priced = price(
        lines,
        priceContext(shop, input.fulfilment, destination, taxRules, today, discount, standing),
      );
      const ruled = destination && licensedDestination(destination, standing);
      return {
        ...pricedFigures(priced),
        taxBasisPoints: taxRateOf(priced.adjustments),
        compliance: ruled ? quoteCompliance(lines, facts, ruled, rules, today, priced.refusals) : null,
        ages: quoteAges(lines, facts, ruled, rules, shop.purchaseMinAge, buyer, today),
        wholesale: wholesaleQuote(standing, shop, destination, input.fulfilment, priced.totals),
        discount: discount && { code: discount.code, refusal: discount.refusal },
      };
    },

    /**
     * Places an order in one transaction: prices and stock read and taken again inside it, every
     * line or none, and the order written by fulfilment in the same transaction. The same key with
     * the same order answers that order again; `created` says whether this call placed it.
     */
    async place(user: User, key: string, input: PlaceOrder): Promise<{ order: Order; created: boolean }> {
      const at = now();
      const shop = await settings.get();
      checkBuyer(user, shop, dayOf(at));
      const hash = requestHash(input);
      const earlier = await replay(user, key, hash);
      if (earlier) return { order: earlier, created: false };
      // Offered only with its payee details, so that the buyer can pay; terms only to an account with them.
      const standing = await wholesale.standing(user.id, dayOf(at));
      const terms = await termsPayment(input.paymentMethodId, user.id, {
        shop,
        at,
        today: dayOf(at),
        standing,
        orders,
      });
      const payment =
        terms?.payment ??
        shop.paymentMethods.find((method) => isPayable(method) && method.id === input.paymentMethodId);
      if (!payment) {
        throw new Invalid("Please choose one of the payment methods offered.", {
          fields: { paymentMethodId: "is not one of the payment methods offered" },
        });
      }
      // Checked before the transaction: a pickup order goes to the store, a shipped one to the buyer.
      const address = input.fulfilment === "pickup" ? pickupStore(shop) : (input.shippingAddress as ShippingAddress);
      const [rules, taxRules] = await Promise.all([compliance.rulesFor(address.state), taxes.rulesFor(address.state)]);
      // A wholesale order goes only where the account holds a valid licence (docs/decisions/102).
      const licence = standing && buyerLicenceFor(standing, address.state, input.fulfilment);
      const asked = await askIdentity(identity, catalog, db, { shop, user, address, rules, input, today: dayOf(at) });
      const charged = await chargeCard(user, key, input, { shop, payment, address, rules, taxRules, standing });
      const orderId = charged?.orderId ?? newId();
      const number = charged?.orderNumber ?? newOrderNumber();
      const stamp = at.toISOString();
      let placed: Order | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          const facts = await catalog.saleFacts(
            trx,
            input.lines.map((line) => line.variantId),
          );
          const lines = saleLines(input.lines, facts, input.fulfilment, standing);
          const today = stamp.slice(0, 10);
          const dateOfBirth = user.dateOfBirth as string;
          const decision = checkCompliance(lines, facts, licensedDestination(address, standing), rules, {
            dateOfBirth,
            today,
            fulfilment: input.fulfilment,
          });
          const decisions = lineEvidence(decision, rules, today);
          const ageEvidence: AgeEvidence = {
            method: asked.provider ? "verification_provider" : "date_of_birth",
            dateOfBirth,
            age: ageOn(dateOfBirth, today),
            minAge: Math.max(shop.purchaseMinAge, decision.minAge ?? 0),
            checkedAt: stamp,
            provider: asked.provider,
            identity:
              asked.identity ??
              unaskedIdentity(
                linesAskIdentity(
                  decision,
                  lines.map((line) => facts.get(line.variantId) as SaleFacts),
                ),
              ),
          };
          // Products, then their variants, in the order of their ids, as every change of stock takes
          // them (fulfilment's returnStock; docs/decisions/093).
          const byProduct = [...lines.entries()].sort(
            ([, a], [, b]) => compareIds(a.productId, b.productId) || compareIds(a.variantId, b.variantId),
          );
          for (const [index, line] of byProduct) {
            const taken = await catalog.takeStock(trx, line.variantId, line.quantity * line.piecesPerUnit, stamp, {
              order: { id: orderId, number },
              actor: recordedActor(user),
            });
            if (!taken) {
              // Another order took it since the read above: say what is left now.
              const current = (await catalog.saleFacts(trx, [line.variantId])).get(line.variantId);
              const left = current ?? { ...(facts.get(line.variantId) as SaleFacts), stock: 0 };
              throw outOfStock(left, input.lines[index] as LineInput, line.piecesPerUnit, index);
            }
          }
          // After the stock: every order takes its locks in the same order (products, then the code).
          const discount = input.discountCode
            ? await discounts.redeem(trx, {
                code: input.discountCode,
                lines: discountLines(lines),
                userId: user.id,
                orderId,
                at: stamp,
              })
            : null;
          const priced = price(
            lines,
            priceContext(shop, input.fulfilment, address, taxRules, today, discount, standing),
          );
          checkTaxFacts(lines, priced.refusals);
          if (standing) checkMinimum(shop, priced.totals);
          if (charged && priced.totals.totalCents !== charged.amountCents) {
            throw new Conflict(
              `The total changed to ${formatCents(priced.totals.totalCents)} while your card was checked, so the order was not placed and the hold on your card is released. Please review the order and place it again.`,
              { code: "total_changed" },
            );
          }
          placed = await orders.record(trx, {
            id: orderId,
            number,
            buyer: user,
            fulfilment: input.fulfilment,
            address,
            payment,
            buyerNote: input.buyerNote || null,
            discountCode: discount?.code ?? null,
            lines: priced.lines.map((line, position) => {
              const { attributes, classes } = (facts.get(line.variantId) as SaleFacts).compliance;
              return {
                ...line,
                brand: attributes.brand ?? null,
                classes,
                decision: decisions[position] as LineDecisionEvidence,
              };
            }),
            adjustments: priced.adjustments,
            totalCents: priced.totals.totalCents,
            ageEvidence,
            // A pickup order is handed over at the counter after an ID check: no delivery requirements.
            requirements: input.fulfilment === "ship" ? decision.requirements : [],
            statements: decision.statements,
            at: stamp,
            unpaidCancelDays: shop.unpaidCancelDays,
            charged,
            awaitingIdentity: asked.pending,
            wholesale: standing && licence ? { accountId: standing.accountId, licence } : null,
            paymentDueOn: terms?.dueOn ?? null,
          });
          await identity.keep(trx, asked, orderId);
          // Last: a request with the same key that got here first holds this row, and this
          // transaction fails on it and rolls back, stock and e-mail included.
          await repository.insertIdempotencyKey(trx, { userId: user.id, key, requestHash: hash, orderId, at: stamp });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const order = await replay(user, key, hash);
          if (order) return { order, created: false };
        }
        // The card was held for an order that was not written: the hold is let go.
        if (charged && !(await orders.byId(charged.orderId).then(Boolean, () => false))) {
          await payments.releaseAhead(payments.providerFor(payment.kind), charged);
        }
        throw error;
      }
      catalog.forgetLists();
      outbox.deliverSoon();
      return { order: placed as Order, created: true };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
