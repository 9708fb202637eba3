import { FILE_FOLDERS, type FileStorage, type ListedFile } from "../../lib/storage/file-storage.ts";

/** What every module that names files names now (file-references.ts gathers it from each owner). */
export interface FileReferences {
  /** Picture keys (the 32 hex characters before a rendition's width). */
  images: Set<string>;
  /** COA PDF keys (SHA-256 hex). */
  pdfs: Set<string>;
  /** Stored document ids. */
  documents: Set<string>;
}

export interface CleanupReport {
  dryRun: boolean;
  /** Every file listed. */
  files: number;
  /** Files that nothing names, older than the grace period: removed, or that would be in a dry run. */
  removed: { key: string; size: number }[];
  removedBytes: number;
  /** Files that nothing names but younger than the grace period (an upload whose row may not be committed yet). */
  young: number;
  /** Files whose names the shop does not write; never removed. */
  unknown: string[];
}

/** A day: an upload writes its file first and its row a moment later, so a younger file is never judged. */
export const CLEANUP_GRACE_MS = 24 * 60 * 60 * 1000;

const RENDITION = /^uploads\/([0-9a-f]{32})-\d{1,5}\.webp$/;
const PDF = /^documents\/([0-9a-f]{64})\.pdf$/;
const DOCUMENT = /^private-documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** What a write that crashed between writing and renaming leaves on disk. */
const PARTIAL = /\.\d+\.partial$/;

/** Whether a listed file is named by a reference: true, false, or null for a name the shop never writes. */
function isNamed(key: string, references: FileReferences): boolean | null {
  if (PARTIAL.test(key)) return false;
  const rendition = RENDITION.exec(key);
  if (rendition) return references.images.has(rendition[1] ?? "");
  const pdf = PDF.exec(key);
  if (pdf) return references.pdfs.has(pdf[1] ?? "");
  const document = DOCUMENT.exec(key);
  if (document) return references.documents.has(document[1] ?? "");
  return null;
}

/**
 * Removes the files that nothing uses any more (docs/decisions/064): replaced
 * pictures' renditions, withdrawn COAs' PDFs, deleted documents' files. Every file is listed
 * first, then every reference is read from the database; a file goes only when no row names it
 * and it is older than the grace period, and the references are read once more just before
 * anything is removed. A dry run removes nothing and reports the same list.
 */
export function createFileCleanup(options: {
  storage: FileStorage;
  references: () => Promise<FileReferences>;
  /** Forgets the picture rows whose renditions were all removed. */
  forgetImages: (keys: string[]) => Promise<void>;
  graceMs?: number;
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  return {
    async cleanup(run: { dryRun: boolean; graceMs?: number }): Promise<CleanupReport> {
      const graceMs = run.graceMs ?? options.graceMs ?? CLEANUP_GRACE_MS;
      const listed: ListedFile[] = [];
      for (const folder of FILE_FOLDERS) for await (const file of options.storage.list(folder)) listed.push(file);
      const cutoff = now().getTime() - graceMs;
      const unused = (references: FileReferences) =>
        listed.filter((file) => isNamed(file.key, references) === false && file.modifiedAt.getTime() < cutoff);

      const references = await options.references();
      let candidates = unused(references);
      const unknown = listed.filter((file) => isNamed(file.key, references) === null).map((file) => file.key);
      const young = listed.filter(
        (file) => isNamed(file.key, references) === false && file.modifiedAt.getTime() >= cutoff,
      ).length;
      if (!run.dryRun && candidates.length > 0) {
        // A row committed while the files were listed and judged still saves its file.
        const again = await options.references();
        const stillUnused = new Set(unused(again).map((file) => file.key));
        candidates = candidates.filter((file) => stillUnused.has(file.key));
        await options.storage.deleteMany(candidates.map((file) => file.key));
        const removed = new Set(candidates.map((file) => file.key));
        const gone = new Set([...removed].map((key) => RENDITION.exec(key)?.[1]).filter((key) => key !== undefined));
        // A picture row goes only when none of its renditions is left.
        for (const file of listed) {
          const key = RENDITION.exec(file.key)?.[1];
          if (key && !removed.has(file.key)) gone.delete(key);
        }
        if (gone.size > 0) await options.forgetImages([...gone]);
      }
      return {
        dryRun: run.dryRun,
        files: listed.length,
        removed: candidates.map(({ key, size }) => ({ key, size })),
        removedBytes: candidates.reduce((sum, file) => sum + file.size, 0),
        young,
        unknown,
      };
    },
  };
}

export type FileCleanup = ReturnType<typeof createFileCleanup>;
