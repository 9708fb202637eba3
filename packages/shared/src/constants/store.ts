/** The shop's public name, used by the pages and the e-mails. Later read from settings; one place until then. */
export const STORE_NAME = "Leaf & Cloud";

/**
 * The shop's own e-mail address: on the Contact Us page, and where the notice of each new contact
 * message goes. Later read from settings (issue 16 item 1); one place until then.
 */
export const STORE_EMAIL = "support@leafandcloud.example";
