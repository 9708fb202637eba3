import { useEffect, useState } from "react";

/** A preview address for a chosen file, released when the file changes or the form goes away. */
export function useObjectUrl(file: File | null): string | null {
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // Only the current file's address: in the render where the file changes or goes, the old
  // address (revoked by then) is not shown for a frame.
  return made !== null && made.file === file ? made.url : null;
}
