/**
 * Row types of the database. Both engines store the same column types (see docs/decisions/002):
 * ids are app-generated text, money is integer cents, flags are integer 0/1 and timestamps are
 * ISO-8601 UTC text.
 */

import type {
  MlRounding,
  RegulatoryClass,
  TaxBasis,
  TaxLiquidCondition,
  TaxNicotineCondition,
  TaxSystemCondition,
} from "@shop/shared/constants";
import type { AdjustmentKind, PaymentRecordKind, PaymentRecordStatus } from "@shop/shared/rules";
import type { ColumnType } from "kysely";

export type Flag = 0 | 1;

export interface ImagesTable {
  key: string;
  width: number;
  height: number;
  /** Comma-separated widths of the stored WebP renditions, ascending. */
  widths: string;
  created_at: string;
}

export interface MasterCategoriesTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  image_key: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  sku: string;
  name: string;
  product_type: string;
  description: string;
  featured: Flag;
  master_category_id: string;
  brand: string | null;
  strain_name: string | null;
  strain_type: string | null;
  flavour: string | null;
  flavour_group: string | null;
  size: string | null;
  weight: string | null;
  battery: string | null;
  liquid: string | null;
  nicotine_strength: string | null;
  nicotine_strength_detail: string | null;
  puffs_9000_per_device: Flag;
  coil: string | null;
  type_c_rechargeable_port: Flag;
  price_cents: number | null;
  distro_price_cents: number | null;
  selling_price_pcs_cents: number | null;
  selling_price_box_cents: number | null;
  pcs_per_pack: number | null;
  pack_per_box: number | null;
  delivery_available: Flag;
  in_store_stock_available: Flag;
  stock: number;
  active: Flag;
  /** Kept by the app: productSearchText() of the product, stemmed words (docs/decisions/008, 019). */
  search_text: string;
  /** Kept by the app: the lowest unitPriceCents() of its active variants, for the price filter and sort. */
  unit_price_cents: number;
  /** Kept by the app: the highest unitPriceCents() of its active variants (a card's price range). */
  max_unit_price_cents: number;
  /** Kept by the app: how many active variants it has. */
  variant_count: number;
  created_at: string;
  updated_at: string;
}

/**
 * A product's option (Flavour, Nicotine strength, Size) and its values in their order, at most
 * three a product (docs/decisions/093).
 */
export interface ProductOptionsTable {
  product_id: string;
  /** 0, 1 or 2: which of a variant's option1..option3 holds its value. */
  position: number;
  name: string;
  /** JSON array of the values in their order. */
  option_values: string;
}

/**
 * A nicotine strength or size a product is sold in: its own column's and its active variants'
 * values of the options so named (docs/decisions/093), kept by the app for the list's filters.
 */
export interface ProductFacetValuesTable {
  facet: "nicotine" | "size";
  value: string;
  product_id: string;
}

/**
 * What is sold: one combination of a product's option values with its SKU, the spec's price
 * fields and its stock. Every product has its own variant, whose id is the product's
 * (docs/decisions/093); products' SKU, price and stock columns are kept from its variants.
 */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  position: number;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  sku: string;
  price_cents: number | null;
  distro_price_cents: number | null;
  selling_price_pcs_cents: number | null;
  selling_price_box_cents: number | null;
  pcs_per_pack: number | null;
  pack_per_box: number | null;
  stock: number;
  /** Its own picture; null shows the product's. */
  image_key: string | null;
  active: Flag;
  /** Kept by the app: unitPriceCents() of the variant. */
  unit_price_cents: number;
  /**
   * What the excise taxes need (docs/decisions/096), each null where the product's fields tell:
   * liquid in thousandths of a ml, nicotine in thousandths of a mg/ml, prefilled or open, and the
   * wholesale cost (DistroPrice when null).
   */
  liquid_ml: number | null;
  nicotine_mg_per_ml: number | null;
  vape_system: "prefilled" | "open" | null;
  wholesale_cost_cents: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * Kept by the catalogue beside a product's own fields (not one of them, so product writes never
 * give it): 1 when a country-wide ban in force today takes the product in, so that it is sold
 * nowhere (docs/decisions/080); 0 for a new product until the catalogue decides.
 */
export interface SoldNowhereColumn {
  sold_nowhere: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface ProductImagesTable {
  id: string;
  product_id: string;
  image_key: string;
  position: number;
  alt: string;
}

/** A product's regulatory classes (REGULATORY_CLASSES codes), one row each (docs/decisions/039). */
export interface ProductRegulatoryClassesTable {
  product_id: string;
  class: RegulatoryClass;
}

export interface BannersTable {
  id: string;
  title: string;
  description: string;
  image_key: string | null;
  link_url: string | null;
  is_active: Flag;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  order_number: string | null;
  message: string;
  created_at: string;
  /** When staff marked it handled (or replied); null while it waits. */
  answered_at: string | null;
  /** Who marked it handled, named as they were then (migration 022; null before it). */
  handled_by_name: string | null;
}

/** A reply staff sent from the inbox to a contact message (migration 022). */
export interface ContactRepliesTable {
  id: string;
  message_id: string;
  body: string;
  author_id: string | null;
  author_name: string;
  created_at: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  section: "latest" | "reviews" | "guides";
  title: string;
  excerpt: string;
  /** The post as CommonMark; rendered to HTML when read (modules/blog/markdown.ts, decision 058). */
  body: string;
  author_name: string;
  cover_image_key: string | null;
  /** A draft is never shown; a published post shows from published_at on (migration 024). */
  status: ColumnType<"draft" | "published", "draft" | "published" | undefined, "draft" | "published">;
  /** When a published post shows (a future time schedules it); a draft may keep a planned date. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Migration 029 made super admins Owners and added Managers (docs/decisions/077). */
export type RoleName = "customer" | "staff" | "manager" | "owner";

export interface UsersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  phone: string | null;
  role: RoleName;
  email_verified_at: string | null;
  disabled_at: string | null;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random id: a stolen database gives no usable session. */
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  expires_at: string;
  user_agent: string | null;
}

export type TokenPurpose = "verify_email" | "reset_password";

export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: TokenPurpose;
  /** The address the token was sent to: a verification only counts for that address. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  full_name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  is_default: Flag;
  created_at: string;
  updated_at: string;
}

export interface BatchesTable {
  id: string;
  product_id: string;
  variant_id: string;
  /** Upper-case, as printed on the package. */
  lot_number: string;
  created_at: string;
  updated_at: string;
}

export type PanelResultValue = "passed" | "failed" | "not_tested";

/**
 * One certificate of analysis per batch. Cannabinoids (`*_mpct`) are thousandths of a percent by
 * weight, alkaloids (`*_ug`) micrograms per serving; null means not tested (docs/decisions/016).
 */
export interface CoasTable {
  id: string;
  batch_id: string;
  lab_name: string;
  lab_accreditation: string;
  lab_certificate_number: string;
  /** YYYY-MM-DD. */
  sample_date: string;
  test_date: string;
  report_date: string;
  delta9_thc_mpct: number | null;
  thca_mpct: number | null;
  delta8_thc_mpct: number | null;
  delta10_thc_mpct: number | null;
  hhc_mpct: number | null;
  cbd_mpct: number | null;
  cbda_mpct: number | null;
  cbg_mpct: number | null;
  cbn_mpct: number | null;
  pesticides: PanelResultValue;
  heavy_metals: PanelResultValue;
  microbials: PanelResultValue;
  mycotoxins: PanelResultValue;
  residual_solvents: PanelResultValue;
  serving_size: string | null;
  mitragynine_ug: number | null;
  seven_oh_ug: number | null;
  pseudoindoxyl_ug: number | null;
  seven_oh_share_mpct: number | null;
  /** Micrograms of THC of every kind in one container as sold; null = not reported. */
  thc_per_container_ug: number | null;
  /** SHA-256 (hex) of the PDF, its file name in DATA_DIR/documents. */
  pdf_key: string;
  pdf_bytes: number;
  created_at: string;
  updated_at: string;
}

/** A correction of a COA's figures by staff, with their reason (docs/decisions/083). */
export interface CoaCorrectionsTable {
  id: string;
  coa_id: string;
  at: string;
  actor_id: string | null;
  /** Who made it, named as they were then. */
  actor_name: string;
  reason: string;
  /** JSON objects of the figures that changed, in the API's names and units. */
  before_json: string;
  after_json: string;
}

export interface OrdersTable {
  id: string;
  number: string;
  user_id: string;
  status: string;
  email: string;
  fulfilment: "ship" | "pickup";
  ship_full_name: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_zip: string;
  ship_phone: string | null;
  payment_method_id: string;
  payment_method_name: string;
  payment_instructions: string;
  /** The payment method's payee details when the order was placed, as JSON; null before migration 030. */
  payment_payee: string | null;
  /** The lines plus the adjustments (migration 036; PostgreSQL checks it at commit). */
  total_cents: number;
  /** The discount code used (migration 023); what it took off is its adjustment. */
  discount_code: string | null;
  customer_name: string;
  carrier: string | null;
  tracking_number: string | null;
  /** What the buyer wrote at checkout for the shop (delivery instructions and the like). */
  buyer_note: string | null;
  /** For a pickup order: the ID staff checked at the counter, who and when. */
  id_document: string | null;
  id_checked_by: string | null;
  id_checked_at: string | null;
  /** JSON AgeEvidence: how the buyer's age was checked when the order was placed (null before migration 020). */
  age_evidence: string | null;
  /** JSON RuleRequirement[] of the order's lines' rules (null before migration 020). */
  compliance_requirements: string | null;
  /** JSON string[]: the statements the rules ask on shipping documents (null before migration 020). */
  compliance_statements: string | null;
  /** 1 when a rule asks for an adult signature (21+) on delivery. */
  adult_signature_required: ColumnType<number, number | undefined, number>;
  /** Retail, or wholesale to an approved account (migration 042). */
  channel: ColumnType<"retail" | "wholesale", "retail" | "wholesale" | undefined, "retail" | "wholesale">;
  /** The wholesale account that placed it; null for a retail order. */
  wholesale_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON BuyerLicence: the wholesale buyer's licence as the order was placed; null for a retail order. */
  buyer_licence: ColumnType<string | null, string | null | undefined, string | null>;
  /** The day an order on terms must be paid by (YYYY-MM-DD); null unless it was placed on terms. */
  payment_due_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A call to a payment provider and its answer (migrations 012 and 037). */
export interface OrderPaymentsTable {
  id: string;
  order_id: string;
  kind: PaymentRecordKind;
  amount_cents: number;
  /** How the money moved, in words: "Zelle", "Bank transfer", "Card". */
  method: string;
  reference: string | null;
  /** The day the money arrived or was sent (YYYY-MM-DD). */
  received_on: string;
  /** The staff member who recorded it; null for a provider's own event (a webhook). */
  actor_id: string | null;
  created_at: string;
  provider: ColumnType<string, string | undefined, string>;
  status: ColumnType<PaymentRecordStatus, PaymentRecordStatus | undefined, PaymentRecordStatus>;
  /** The provider's answer as JSON. */
  raw: string | null;
  idempotency_key: string | null;
}

/** A card gateway's answer asked for while placing an order, before its transaction (migration 040). */
export interface PaymentAttemptsTable {
  id: string;
  user_id: string;
  /** The checkout's idempotency key and the card token, hashed: one gateway call per token. */
  attempt_key: string;
  /** The id and number the order takes when it is written. */
  order_id: string;
  order_number: string;
  provider: string;
  operation: "authorize" | "capture";
  status: PaymentRecordStatus;
  amount_cents: number;
  reference: string | null;
  message: string | null;
  /** The gateway's answer as JSON. */
  raw: string;
  /** When an approved attempt whose order was not written was voided at the gateway. */
  released_at: string | null;
  created_at: string;
}

/** Staff's internal note on an order: never shown to the buyer. */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  body: string;
  author_id: string;
  /** Who wrote it, named as they were then. */
  author_name: string;
  created_at: string;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  /** The variant sold (the product's own for a product without options, migration 038). */
  variant_id: string;
  /** JSON [{ name, value }]: the variant's option values as they were; null without options. */
  variant_options: string | null;
  name: string;
  sku: string;
  unit: string;
  unit_price_cents: number;
  quantity: number;
  pieces_per_unit: number;
  line_total_cents: number;
  /** The product's brand when the order was placed. */
  brand: string | null;
  /** JSON LineDecision: what the rules decided for this line (null before migration 020). */
  compliance_decision: string | null;
}

/** A discount, shipping, tax or fee of an order or one of its lines, as priced (migration 036). */
export interface OrderAdjustmentsTable {
  id: string;
  order_id: string;
  /** The line it belongs to; null for the whole order. */
  order_line_id: string | null;
  position: number;
  kind: AdjustmentKind;
  label: string;
  /** Negative for a discount. */
  amount_cents: number;
  basis_cents: number | null;
  rate_basis_points: number | null;
  source: string;
  /** An excise adjustment's rule and what it was worked out on (docs/decisions/096); null otherwise. */
  tax_rule_id: string | null;
  tax_rule_version: number | null;
  tax_where: string | null;
  tax_basis: TaxBasis | null;
  /** Thousandths of a millilitre. */
  basis_ml: number | null;
  pieces: number | null;
  /** Thousandths of a cent per ml or unit, or basis points of a percentage. */
  rate_units: number | null;
  sales_tax_on_top: Flag | null;
}

/** A line's regulatory classes when the order was placed (the PACT report finds vape lines by them). */
export interface OrderLineClassesTable {
  order_line_id: string;
  class: RegulatoryClass;
}

/** A buyer's application to buy wholesale, and its review (docs/decisions/102, migration 042). */
export interface WholesaleAccountsTable {
  id: string;
  user_id: string;
  status: "pending" | "approved" | "refused";
  business_name: string;
  ein: string;
  store_line1: string;
  store_line2: string | null;
  store_city: string;
  store_state: string;
  store_zip: string;
  /** Net 15 or net 30 days; null: the account pays as retail buyers do. */
  terms_days: 15 | 30 | null;
  refusal_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A wholesale account's state licence or resale certificate; its file is kept private under its id. */
export interface WholesaleDocumentsTable {
  id: string;
  account_id: string;
  kind: "licence" | "resale_certificate";
  /** The state that issued the licence, or that the certificate is for. */
  state: string;
  number: string;
  /** The last day it is valid (YYYY-MM-DD). */
  expires_on: string;
  file_name: string;
  content_type: string;
  status: "pending" | "approved" | "refused";
  refusal_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

/** Every answer of the identity provider (docs/decisions/099, migration 041): never edited. */
export interface IdentityChecksTable {
  id: string;
  user_id: string;
  /** The order it was asked for; null when none was placed yet. */
  order_id: string | null;
  provider: string;
  step: "record" | "document";
  outcome: "verified" | "no_match" | "refused";
  reference: string;
  /** The provider's answer in words. */
  detail: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  /** JSON: the address that was sent (line1, city, state, zip). */
  address: string;
  /** The private files (document store ids) of a document step. */
  front_file: string | null;
  back_file: string | null;
  created_at: string;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  status: string;
  actor_id: string | null;
  note: string | null;
  created_at: string;
}

/** The orders that count as sales of a UTC day and ship-to state, and their totals (migration 026). */
export interface OrderDailySalesTable {
  day: string;
  ship_state: string;
  orders: number;
  revenue_cents: number;
}

/** What a product sold on a UTC day in orders that count as sales (migration 026, the reports). */
export interface OrderDailyProductSalesTable {
  day: string;
  product_id: string;
  /** The name and SKU it was last sold under that day. */
  name: string;
  sku: string;
  orders: number;
  quantity: number;
  sales_cents: number;
}

/** What a variant sold on a UTC day in orders that count as sales (migration 038, the reports). */
export interface OrderDailyVariantSalesTable {
  day: string;
  variant_id: string;
  product_id: string;
  /** The product's name, SKU and the variant's options (JSON, null without) it was last sold under that day. */
  name: string;
  variant_options: string | null;
  sku: string;
  orders: number;
  quantity: number;
  sales_cents: number;
}

export interface OrderIdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  order_id: string;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** The one Message-ID every try of this message is sent with (migration 030). */
  message_id: string;
  /** The store profile's e-mail when the message was written; null for rows before migration 030. */
  reply_to: string | null;
}

/** The shop's own words for one e-mail (docs/decisions/042); no row: the default in code. */
export interface MailTemplatesTable {
  kind: string;
  subject: string;
  body: string;
  updated_by: string;
  /** Who saved it, as named then. */
  updated_by_name: string;
  updated_at: string;
}

/** Why a product's stock changed (docs/decisions/034). */
export type StockMovementKind = "order" | "cancellation" | "refund" | "adjustment" | "import" | "initial";

/** One change of a variant's stock; a variant's changes add up to its stock. */
export interface StockMovementsTable {
  id: string;
  product_id: string;
  variant_id: string;
  /** Signed pieces: negative taken, positive added. */
  change: number;
  stock_after: number;
  kind: StockMovementKind;
  /** Staff's reason (required for an adjustment) or what the change was. */
  note: string | null;
  order_id: string | null;
  /** The order's number as it was, for the history's link, without reading the orders' tables. */
  order_number: string | null;
  actor_id: string | null;
  /** Who it was, named as they were then; null for the shop's own jobs. */
  actor_name: string | null;
  created_at: string;
}

/** A job that runs on one instance at a time: whoever holds an unexpired lease runs it. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  expires_at: string;
}

/** A jurisdiction rule (docs/decisions/040): its jurisdiction flattened into columns, filterable by state. */
export interface ComplianceRulesTable {
  id: string;
  /** Grows by one on every change; each version is kept in compliance_rule_versions. */
  version: number;
  level: "country" | "state" | "locality" | "zip_set";
  country: string;
  state: string | null;
  locality: string | null;
  zip_set_name: string | null;
  /** A ZIP set's codes, space-separated. */
  zips: string | null;
  regulatory_class: string;
  effect: "allow" | "ban" | "restrict";
  min_age: number | null;
  /** Space-separated requirement names. */
  requirements: string;
  statement: string | null;
  condition_attribute: string | null;
  condition_operator: string | null;
  condition_value: string | null;
  effective_from: string;
  effective_to: string | null;
  source_url: string;
  source_date: string | null;
  last_checked_on: string;
  notes: string;
  /** 1: a ban that does not apply to a delivery to a licensed business (Maine, Nebraska; migration 042). */
  except_licensed: ColumnType<Flag, Flag | undefined, Flag>;
  is_example: Flag;
  created_at: string;
  updated_at: string;
}

/** An excise tax as data staff edit (docs/decisions/096); its versions are kept like a rule's. */
export interface TaxRulesTable {
  id: string;
  version: number;
  level: "state" | "locality" | "zip_set";
  state: string;
  locality: string | null;
  zip_set_name: string | null;
  /** A ZIP set's codes, space-separated. */
  zips: string | null;
  name: string;
  regulatory_class: string;
  nicotine: TaxNicotineCondition;
  system: TaxSystemCondition;
  liquid: TaxLiquidCondition;
  basis: TaxBasis;
  /** Thousandths of a cent per ml or unit, or basis points of a percentage. */
  rate: number;
  ml_rounding: MlRounding | null;
  after_discount: Flag;
  sales_tax_on_top: Flag;
  effective_from: string;
  effective_to: string | null;
  source_url: string;
  source_date: string | null;
  last_checked_on: string;
  notes: string;
  /** What the rule says of a sale to a licensed retailer (migration 042): charged as to anyone, or exempt. */
  wholesale: ColumnType<"charged" | "exempt", "charged" | "exempt" | undefined, "charged" | "exempt">;
  is_example: Flag;
  created_at: string;
  updated_at: string;
}

/** One version of a rule, whole, as it was: only ever added to (a compliance or a tax rule). */
export interface ComplianceRuleVersionsTable {
  rule_id: string;
  version: number;
  rule_json: string;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

export type StoredDocumentType = "lab_report" | "license" | "insurance" | "certificate" | "other";

/** A file of the shop's own records (migration 018); its bytes are in DATA_DIR/private-documents. */
export interface DocumentsTable {
  id: string;
  type: StoredDocumentType;
  title: string;
  product_id: string | null;
  lot_number: string | null;
  issued_on: string;
  expires_on: string | null;
  notes: string | null;
  content_type: "application/pdf" | "image/jpeg" | "image/png" | "image/webp";
  file_bytes: number;
  uploaded_by_id: string | null;
  /** Who uploaded it, named as they were then. */
  uploaded_by_name: string;
  created_at: string;
  updated_at: string;
}

/** One change staff made, kept for ever and never edited (docs/decisions/053). */
export interface AuditEntriesTable {
  id: string;
  at: string;
  /** Who made it; null for the shop itself (demo data, jobs). */
  actor_id: string | null;
  /** Who made it, named as they were then. */
  actor_name: string;
  kind: string;
  subject_id: string;
  subject_label: string;
  action: string;
  /** JSON object of the changed fields' values before; null for something created. */
  before_json: string | null;
  after_json: string | null;
}

/** A discount code (docs/decisions/057); used_count: orders not cancelled that used it. */
export interface DiscountsTable {
  id: string;
  code: string;
  description: ColumnType<string, string | undefined, string>;
  kind: "percent" | "fixed";
  /** Percent off (1 to 100), or cents off. */
  value: number;
  min_subtotal_cents: ColumnType<number, number | undefined, number>;
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  used_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface DiscountTargetsTable {
  discount_id: string;
  kind: "product" | "category";
  target_id: string;
}

/** One order's use of a code; released_at: the order was cancelled and the use given back. */
export interface DiscountUsesTable {
  id: string;
  discount_id: string;
  order_id: string;
  user_id: string;
  created_at: string;
  released_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  addresses: AddressesTable;
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  images: ImagesTable;
  master_categories: MasterCategoriesTable;
  products: ProductsTable & SoldNowhereColumn;
  product_images: ProductImagesTable;
  product_options: ProductOptionsTable;
  product_facet_values: ProductFacetValuesTable;
  product_variants: ProductVariantsTable;
  product_regulatory_classes: ProductRegulatoryClassesTable;
  banners: BannersTable;
  blog_posts: BlogPostsTable;
  batches: BatchesTable;
  coas: CoasTable;
  coa_corrections: CoaCorrectionsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_adjustments: OrderAdjustmentsTable;
  order_line_classes: OrderLineClassesTable;
  order_events: OrderEventsTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  order_daily_product_sales: OrderDailyProductSalesTable;
  order_daily_variant_sales: OrderDailyVariantSalesTable;
  order_daily_sales: OrderDailySalesTable;
  order_payments: OrderPaymentsTable;
  payment_attempts: PaymentAttemptsTable;
  order_notes: OrderNotesTable;
  mail_outbox: MailOutboxTable;
  mail_templates: MailTemplatesTable;
  stock_movements: StockMovementsTable;
  job_leases: JobLeasesTable;
  documents: DocumentsTable;
  compliance_rules: ComplianceRulesTable;
  compliance_rule_versions: ComplianceRuleVersionsTable;
  tax_rules: TaxRulesTable;
  tax_rule_versions: ComplianceRuleVersionsTable;
  audit_entries: AuditEntriesTable;
  discounts: DiscountsTable;
  discount_targets: DiscountTargetsTable;
  discount_uses: DiscountUsesTable;
  identity_checks: IdentityChecksTable;
  wholesale_accounts: WholesaleAccountsTable;
  wholesale_documents: WholesaleDocumentsTable;
}
