/**
 * The demo shop's name, before staff name theirs in Settings (the setting `storeProfile`); the
 * pages, e-mails and documents read the setting.
 */
export const STORE_NAME = "Leaf & Cloud";

/** The demo shop's profile: the setting's default (docs/decisions/054). */
export const STORE_PROFILE_DEFAULTS = {
  name: STORE_NAME,
  email: "support@leafandcloud.example",
  phone: "5550104477",
  hours: "Monday to Friday, 9 am to 6 pm Eastern",
  line1: "1200 Commerce Street, Suite 4",
  line2: null,
  city: "Dallas",
  state: "TX",
  zip: "75202",
} as const;
