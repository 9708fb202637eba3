/** The shop's public name, used by the pages and the e-mails. Later read from settings; one place until then. */
export const STORE_NAME = "Leaf & Cloud";
