/** The kinds of file a shop keeps in its document store; COAs are kept with their batches. */
export const DOCUMENT_TYPES = ["lab_report", "license", "insurance", "certificate", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** What All Documents lists: the stored kinds and the batches' certificates of analysis. */
export const DOCUMENT_LIST_TYPES = ["coa", ...DOCUMENT_TYPES] as const;
export type DocumentListType = (typeof DOCUMENT_LIST_TYPES)[number];

export const documentTypeLabels: Record<DocumentListType, string> = {
  coa: "COA",
  lab_report: "Lab report",
  license: "License",
  insurance: "Insurance",
  certificate: "Certificate",
  other: "Other",
};

/** A document that expires within this many days (or has expired) is flagged. */
export const DOCUMENT_EXPIRY_WARNING_DAYS = 30;

export const DOCUMENTS_PAGE_SIZE = 20;
export const DOCUMENTS_MAX_PAGE_SIZE = 100;
export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_NOTES_MAX = 2000;
export const DOCUMENT_QUERY_MAX_LENGTH = 100;
