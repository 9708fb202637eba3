/** The shop's public name. Later read from settings; one place until then. */
export const STORE_NAME = "Leaf & Cloud";
