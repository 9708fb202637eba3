import { readFileSync } from "node:fs";
import { imageKey } from "../images/service.ts";

/**
 * The picture a category gets when staff choose none (spec section 5: "a default placeholder SVG
 * is uploaded as default.svg"). It ships with the server and is rendered to WebP like any other
 * picture; SVG from users stays refused (docs/decisions/012).
 */
export const DEFAULT_CATEGORY_SVG = readFileSync(new URL("./default.svg", import.meta.url));

/** The stored name of the placeholder's renditions. */
export const DEFAULT_CATEGORY_IMAGE_KEY = imageKey(DEFAULT_CATEGORY_SVG);
